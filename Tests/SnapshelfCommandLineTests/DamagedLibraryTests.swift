// Libraries that are damaged, read-only or only half there: every command says what is wrong and
// names the repair, crashes on none of them, and changes nothing that was saved.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class DamagedLibraryTests: CommandLineTestCase {
    private var database: URL { libraryURL.appendingPathComponent("library.sqlite3") }

    /// The library's files without SQLite's journal files, which come and go as connections open.
    private func snapshot() -> [String: Data] {
        FileSnapshot(of: libraryURL).files.filter { !$0.key.hasSuffix("-wal") && !$0.key.hasSuffix("-shm") }
    }

    func testANegativeSchemaVersionIsRefusedAsDamagedByEveryCommand() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        try LibraryFixture.setSchemaVersion(-1, of: database)
        let before = snapshot()
        for command in [["list"], ["check"], ["search", "kept"], ["label", "1", "x"], ["remove", "1"],
                        ["import", SamplePhotos.cameras[1].path]] {
            let outcome = try snapshelf(command, expecting: 1)
            XCTAssertTrue(outcome.standardError.contains("its schema version is -1, which no Snapshelf writes; the database is damaged; `snapshelf rebuild` makes the database again"),
                          "\(command): \(outcome.standardError)")
        }
        XCTAssertEqual(snapshot(), before)
    }

    func testAReadOnlyLibraryListsSearchesAndChecksButRefusesChanges() throws {
        try snapshelf("import", "--label", "Zürich", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "Paris", SamplePhotos.cameras[1].path)
        let listing = try snapshelf("list").standardOutput
        let json = try snapshelf("list", "--json").standardOutput
        try makeReadOnly(libraryURL)
        let before = snapshot()

        let asUser = SnapshelfProcess.unprivileged
        XCTAssertEqual(try snapshelf("list", through: asUser).standardOutput, listing)
        XCTAssertEqual(try snapshelf("list", "--json", through: asUser).standardOutput, json)
        XCTAssertEqual(try snapshelf("search", "zurich", through: asUser).standardOutput, "1\tZürich\tCanon_40D.jpg\n")
        XCTAssertTrue(try snapshelf("check", through: asUser).standardOutput.hasPrefix("Library is sound: 2 photos"))
        let refusals = [
            (["import", SamplePhotos.cameras[2].path], "the library at \(library) is read-only, so nothing can be imported into it"),
            (["label", "1", "x"], "is read-only"),
            (["remove", "1"], "is read-only"),
        ]
        for (command, message) in refusals {
            let outcome = try snapshelf(command, expecting: 1, through: asUser)
            XCTAssertTrue(outcome.standardError.contains(message), "\(command): \(outcome.standardError)")
        }
        XCTAssertEqual(snapshot(), before)
    }

    private func makeReadOnly(_ directory: URL) throws {
        let paths = [directory.path] + (try FileManager.default.subpathsOfDirectory(atPath: directory.path))
            .map { directory.appendingPathComponent($0).path }
        for path in paths.reversed() {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            XCTAssertEqual(chmod(path, isDirectory.boolValue ? 0o500 : 0o400), 0)
        }
        addTeardownBlock {
            for path in paths { chmod(path, 0o700) }
        }
    }

    func testADeletedDatabaseWithPhotosLeftIsNamedWithItsRepairAndNotReplaced() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        for suffix in ["", "-wal", "-shm"] {
            unlink(database.path + suffix)
        }
        let before = snapshot()
        for command in [["check"], ["list"], ["import", SamplePhotos.cameras[1].path]] {
            let outcome = try snapshelf(command, expecting: 1)
            XCTAssertTrue(outcome.standardError.contains("its database library.sqlite3 is missing or empty, but \(library)/photos still holds 1 photo file, which Snapshelf will not hide behind an empty database; `snapshelf rebuild` makes the database again"),
                          "\(command): \(outcome.standardError)")
        }
        XCTAssertEqual(snapshot(), before, "no empty database was started over the photos")
    }

    func testAPhotosFolderThatIsAFileIsReportedByCheck() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        let photos = libraryURL.appendingPathComponent("photos")
        try FileManager.default.removeItem(at: photos)
        try Data("in the way".utf8).write(to: photos)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("\(photos.path): a file of that name is in the way, so the file of the library’s 1 photo cannot be found"),
                      check.standardOutput)
        XCTAssertEqual(try snapshelf("list").standardOutput.split(separator: "\n").count, 1, "the labels are still listed")
    }

    func testALibraryPathThatIsAFileSaysWhatIsThere() throws {
        let file = folder.file(named: "notes.txt", containing: Data("x".utf8))
        let outcome = try SnapshelfProcess.run(["--library", file.path, "list"])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.standardError,
                       "snapshelf: error while opening the library \(file.path): it is a file, not a folder; a library is the folder that holds library.sqlite3 and photos/\n")
        try snapshelf("import", SamplePhotos.cameras[0].path)
        let direct = try SnapshelfProcess.run(["--library", database.path, "check"])
        XCTAssertTrue(direct.standardError.hasSuffix("it is the database itself; give the folder that holds it, \(library)\n"),
                      direct.standardError)
    }

    func testImportingTheOriginalAgainMendsAMissingOrDamagedCopy() throws {
        try snapshelf("import", "--label", "damaged", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "missing", SamplePhotos.cameras[1].path)
        let listing = try snapshelf("list").standardOutput
        struct Listed: Decodable { let file: String }
        let files = try JSONDecoder().decode([Listed].self, from: Data(try snapshelf("list", "--json").standardOutput.utf8))
            .map { URL(fileURLWithPath: $0.file) }
        try Data("bit rot".utf8).write(to: files[0])
        try FileManager.default.removeItem(at: files[1])

        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("does not match its recorded content; importing its original (Canon_40D.jpg) again restores it"),
                      check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains("is missing; importing its original (Nikon_D70.jpg) again restores it"),
                      check.standardOutput)

        let mended = try snapshelf("import", SamplePhotos.cameras[0].path, SamplePhotos.cameras[1].path)
        XCTAssertEqual(mended.standardOutput, """
            Already in the library as photo 1, whose missing or damaged copy was restored from \(SamplePhotos.cameras[0].path)
            Already in the library as photo 2, whose missing or damaged copy was restored from \(SamplePhotos.cameras[1].path)

            """)
        XCTAssertEqual(try Data(contentsOf: files[0]), try Data(contentsOf: SamplePhotos.cameras[0]))
        XCTAssertEqual(try Data(contentsOf: files[1]), try Data(contentsOf: SamplePhotos.cameras[1]))
        XCTAssertEqual(try snapshelf("list").standardOutput, listing, "same IDs, labels and names")
        try assertSound()
        XCTAssertEqual(try snapshelf("import", SamplePhotos.cameras[0].path).standardOutput,
                       "Already in the library as photo 1: \(SamplePhotos.cameras[0].path)\n", "a sound copy is left alone")
    }

    func testCheckDuringAnImportFindsNoFalseOrphans() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        // Checks run one after another while an import of new photos runs, and another import
        // follows each that ends, until three checks have run wholly inside one: on a busy machine
        // an import can end before a single check does.
        var (checks, inside, imports) = (0, 0, 0)
        while inside < 3 && imports < 10 {
            let corpus = folder.url.appendingPathComponent("corpus-\(imports)")
            try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
            _ = try PhotoCorpus.make(160, in: corpus, from: imports * 160)
            let importer = try SnapshelfProcess.start(["--library", library, "import", "--recursive", corpus.path])
            imports += 1
            while importer.isRunning {
                let check = try SnapshelfProcess.run(["--library", library, "check"])
                XCTAssertEqual(check.status, 0, "check \(checks): \(check.standardOutput)\(check.standardError)")
                if importer.isRunning { inside += 1 }
                checks += 1
            }
            importer.waitUntilExit()
            XCTAssertEqual(importer.terminationStatus, 0)
        }
        XCTAssertGreaterThanOrEqual(inside, 3, "\(imports) imports ended before three checks could run inside one")
        try assertSound()
    }
}
