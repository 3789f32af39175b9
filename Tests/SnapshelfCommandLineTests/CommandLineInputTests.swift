// What a person types that is not what they meant: an option where a value belongs, a negative
// ID, a label that is not UTF-8 or hides direction controls, names that would break a listing;
// and no command that leaves a library behind when nothing was imported.
import Foundation
import SnapshelfTestSupport
import XCTest

final class CommandLineInputTests: CommandLineTestCase {
    /// An environment whose default library is in the test's folder, and where that library would be.
    private var defaultLibrary: (environment: [String: String], directory: URL) {
        let data = folder.url.appendingPathComponent("data")
        return (["XDG_DATA_HOME": data.path], data.appendingPathComponent("snapshelf"))
    }

    func testAnOptionWhereAValueBelongsIsAUsageErrorAndCreatesNothing() throws {
        let (environment, directory) = defaultLibrary
        let photo = SamplePhotos.cameras[0].path
        let cases = [
            (["import", "--label", "--library", library, photo], "--label needs a value, but “--library” is an option. To give a value that starts with “-”, write --label=--library."),
            (["--library", "--label", "x", "import", photo], "--library needs a value, but “--label” is an option."),
            (["import", "--label", "-r", photo], "--label needs a value, but “-r” is an option."),
        ]
        for (arguments, message) in cases {
            let outcome = try SnapshelfProcess.run(arguments, environment: environment)
            XCTAssertEqual(outcome.status, 2, "\(arguments)")
            XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: \(message)"), outcome.standardError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: library))
        // The spelling with = takes any value, and a dash before a digit is no option.
        try snapshelf("import", "--label=--library", photo)
        try snapshelf("import", "--label", "-5 °C at dawn", SamplePhotos.cameras[1].path)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t--library\tCanon_40D.jpg\n2\t-5 °C at dawn\tNikon_D70.jpg\n")
    }

    func testNoCommandCreatesTheDefaultLibraryUnlessAPhotoIsImported() throws {
        let (environment, directory) = defaultLibrary
        let notes = folder.file(named: "notes.txt", containing: Data("shopping".utf8))
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        // Listing a library that is not there yet says so, and is no failure.
        let listed = try SnapshelfProcess.run(["list"], environment: environment)
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(listed.standardOutput, "There is no library at \(directory.path) yet; importing a photo creates it.\n")
        XCTAssertEqual(listed.standardError, "")
        let json = try SnapshelfProcess.run(["list", "--json"], environment: environment)
        XCTAssertEqual(json.status, 0)
        XCTAssertEqual(json.standardOutput, "[]\n")
        for arguments in [["check"], ["search", "x"], ["label", "1", "x"], ["remove", "1"], ["import", notes.path],
                          ["import", folder.url.appendingPathComponent("missing.jpg").path], ["import", "-r", empty.path]] {
            let outcome = try SnapshelfProcess.run(arguments, environment: environment)
            XCTAssertNotEqual(outcome.status, 0, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path), "\(arguments) created the library")
        }
        let imported = try SnapshelfProcess.run(["import", notes.path, SamplePhotos.cameras[0].path], environment: environment)
        XCTAssertEqual(imported.status, 1, "the text file still fails")
        XCTAssertTrue(imported.standardOutput.hasPrefix("Imported \(SamplePhotos.cameras[0].path) as photo 1"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("library.sqlite3").path))
    }

    func testANegativeNumberIsNamedAsABadPhotoID() throws {
        for (arguments, word) in [(["label", "-1", "x"], "-1"), (["remove", "-5"], "-5"), (["remove", "2", "-0"], "-0")] {
            let outcome = try snapshelf(arguments, expecting: 2)
            XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: “\(word)” is not a photo ID"), outcome.standardError)
            // The help of the command that was given the word, not the general one.
            XCTAssertTrue(outcome.standardError.hasSuffix("Try “snapshelf \(arguments[0]) --help”.\n"), outcome.standardError)
        }
    }

    func testAPlainListingKeepsEachPhotoOnOneLineWhateverItsName() throws {
        let name = "tab\there\nnew line \\ back\u{1B}.jpg"
        let odd = folder.file(named: name, containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        try snapshelf("import", "--label", "a\\b", odd.path)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\ta\\\\b\ttab\\there\\nnew line \\\\ back\\033.jpg\n")
        XCTAssertEqual(try snapshelf("search", "a").standardOutput.split(separator: "\n").count, 1)
        XCTAssertTrue(try snapshelf("list", "--json").standardOutput.contains("\"original_name\" : \"tab\\there\\nnew line \\\\ back\\u001b.jpg\""),
                      "JSON keeps the name exactly, in its own escapes")
    }

    func testALabelThatIsNotUTF8IsRefusedAndNothingIsImported() throws {
        for form in ["--label \"$(printf 'caf\\351')\"", "--label=\"$(printf 'caf\\351')\""] {
            let outcome = try SnapshelfProcess.run(
                ["--library", library, "import"],
                through: ["/bin/sh", "-c", "photo=$0; exec \"$@\" \(form) \"$photo\"", SamplePhotos.cameras[0].path])
            XCTAssertEqual(outcome.status, 2, form)
            XCTAssertTrue(outcome.standardError.hasPrefix("snapshelf: the label is not valid UTF-8 text"), outcome.standardError)
        }
        try snapshelf("import", SamplePhotos.cameras[0].path)
        let relabel = try SnapshelfProcess.run(["--library", library, "label", "1"],
                                               through: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \"$(printf '\\377')\""])
        XCTAssertEqual(relabel.status, 2)
        XCTAssertTrue(relabel.standardError.contains("not valid UTF-8"), relabel.standardError)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\t\tCanon_40D.jpg\n")
    }

    func testHiddenDirectionControlsAreRemovedWithANoteAndHugeLabelsRefused() throws {
        let spoof = try snapshelf("import", "--label", "invoice\u{202E}gpj.exe\u{200B}", SamplePhotos.cameras[0].path)
        XCTAssertEqual(spoof.standardError, "snapshelf: note: in the label, 2 invisible control or formatting characters were removed\n")
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tinvoicegpj.exe\tCanon_40D.jpg\n")
        let zalgo = try snapshelf("label", "1", "e" + String(repeating: "\u{0301}", count: 30_000), expecting: 2)
        XCTAssertTrue(zalgo.standardError.hasPrefix("snapshelf: the label takes 60001 bytes; the limit is 8192"), zalgo.standardError)
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tinvoicegpj.exe\tCanon_40D.jpg\n")
    }
}
