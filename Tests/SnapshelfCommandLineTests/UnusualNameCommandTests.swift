// Any name a file can have imports from the command line: one that is not UTF-8, one that starts
// with a dash, one of the full 255 bytes; and every name is written on one line, without controls
// that could act on the terminal or reverse the text around them.
import Foundation
import SnapshelfTestSupport
import XCTest

final class UnusualNameCommandTests: CommandLineTestCase {
    /// A shell that copies a sample photo to the name `printf` makes of `format`, in the test's
    /// folder, then runs snapshelf with its arguments followed by that file's path.
    private func importing(_ format: String, _ arguments: [String], expecting status: Int32 = 0) throws -> SnapshelfProcess.Outcome {
        let outcome = try SnapshelfProcess.run(
            ["--library", library] + arguments,
            through: ["/bin/sh", "-c", "src=$0; dir=$1; shift; name=\"$(printf '\(format)')\"; cp \"$src\" \"$dir/$name\" && exec \"$@\" \"$dir/$name\"",
                      SamplePhotos.cameras[0].path, folder.url.path])
        XCTAssertEqual(outcome.status, status, outcome.standardError)
        return outcome
    }

    /// The names `ls -b` sees in a folder, where a byte that is not UTF-8 shows in octal.
    private func listed(_ folder: URL) throws -> String {
        let ls = Process()
        ls.executableURL = URL(fileURLWithPath: "/bin/ls")
        ls.arguments = ["-b", folder.path]
        ls.environment = ["LC_ALL": "C.UTF-8"]
        let output = Pipe()
        ls.standardOutput = output
        try ls.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ls.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testANameThatIsNotUTF8ImportsIsListedByItsDisplayNameAndExportsByteForByte() throws {
        let imported = try importing("caf\\351.jpg", ["import", "--label", "Café"])
        XCTAssertEqual(imported.standardOutput, "Imported \(folder.url.path)/caf\u{FFFD}.jpg as photo 1\n")
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tCafé\tcaf\u{FFFD}.jpg\n")
        XCTAssertEqual(try snapshelf("search", "caf").standardOutput, "1\tCafé\tcaf\u{FFFD}.jpg\n")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        XCTAssertEqual(try snapshelf("export", "--to", out.path, "1").standardOutput, "Exported photo 1 to \(out.path)/caf\u{FFFD}.jpg\n")
        XCTAssertEqual(try listed(out), "caf\\351.jpg\n")
        try assertSound()
    }

    func testAFolderHoldingANameThatIsNotUTF8Imports() throws {
        let card = folder.url.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: false)
        let outcome = try SnapshelfProcess.run(
            ["--library", library, "import", "-r", card.path],
            through: ["/bin/sh", "-c", "cp \"$0\" \"$1/$(printf 'caf\\351.jpg')\" && shift && exec \"$@\"", SamplePhotos.cameras[0].path, card.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, "Imported \(card.path)/caf\u{FFFD}.jpg as photo 1\n")
    }

    func testANameThatStartsWithADashImportsAfterTheOptionsEndOrWithItsFolder() throws {
        let outcome = try SnapshelfProcess.run(
            ["--library", library, "import"],
            through: ["/bin/sh", "-c", "cd \"$2\" && cp \"$0\" ./-x.jpg && cp \"$1\" ./-y.jpg && shift 2 && \"$@\" -- -x.jpg && exec \"$@\" ./-y.jpg",
                      SamplePhotos.cameras[0].path, SamplePhotos.cameras[1].path, folder.url.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t\t-x.jpg\n2\t\t-y.jpg\n")
    }

    func testANameOfTheFullTwoHundredFiftyFiveBytesImportsAndExports() throws {
        let name = String(repeating: "n", count: 251) + ".jpg"
        let photo = folder.file(named: name, containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        try snapshelf("import", "--label", "long", photo.path)
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try snapshelf("export", "--to", out.path, "--all")
        try snapshelf("export", "--to", out.path, "--all")
        XCTAssertEqual(try listed(out), "\(String(repeating: "n", count: 247))\\ (2).jpg\n\(name)\n", "ls -b writes a space as \"\\ \"")
    }

    func testNamesWithLineBreaksAndOverridesAreEachWrittenOnOneLineAsSpelled() throws {
        let imported = try importing("two\\nlines \\342\\200\\256gpj.exe", ["import"])
        XCTAssertEqual(imported.standardOutput, "Imported \(folder.url.path)/two\\nlines \\342\\200\\256gpj.exe as photo 1\n")
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t\ttwo\\nlines \\342\\200\\256gpj.exe\n")
        let broken = folder.file(named: "not\na photo\u{202E}gpj.jpg", containing: Data("text".utf8))
        let refused = try snapshelf(["import", broken.path], expecting: 1)
        XCTAssertEqual(refused.standardError, "snapshelf: \(folder.url.path)/not\\na photo\\342\\200\\256gpj.jpg: it is not an image\n")
    }

    func testAReadOnlyLibraryFromBeforeNamesThatAreNotUTF8StillLists() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        try LibraryFixture.execute("ALTER TABLE photos DROP COLUMN original_bytes; PRAGMA user_version = 7;",
                                   in: libraryURL.appendingPathComponent("library.sqlite3"))
        try makeLibraryReadOnly()
        XCTAssertEqual(try snapshelf("list", through: SnapshelfProcess.unprivileged).standardOutput, "1\t\tCanon_40D.jpg\n")
    }
}
