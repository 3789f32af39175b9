// A photo's copy is never deleted: when the Trash cannot take it, the photo stays in the library,
// or its copy goes to the library's `removed` folder, which `check` names. And a removal never
// trashes a file that an import of the same content is taking up at that moment.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class TrashFailureTests: CommandLineTestCase {
    /// A data folder the process cannot write, so that it can make no Trash in it.
    private func unwritableDataFolder() throws -> [String: String] {
        let data = folder.url.appendingPathComponent("read-only-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(data.path, 0o500), 0)
        addTeardownBlock { chmod(data.path, 0o700) }
        return ["XDG_DATA_HOME": data.path]
    }

    func testARemoveWhoseTrashFailsKeepsThePhotoAndSaysSo() throws {
        try snapshelf("import", "--label", "first", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "second", SamplePhotos.cameras[1].path)
        let noTrash = try unwritableDataFolder()
        let refused = try snapshelf("remove", "1", expecting: 1, environment: noTrash, through: SnapshelfProcess.unprivileged)
        XCTAssertTrue(refused.standardError.hasPrefix("snapshelf: error while removing photo 1 (Canon_40D.jpg): its file could not be moved to the Trash: "),
                      refused.standardError)
        XCTAssertTrue(refused.standardError.hasSuffix("; the photo stays in the library\n"), refused.standardError)

        // Every later command, which used to sweep the file away, leaves it where it is.
        for command in [["list"], ["check"], ["search", "first"]] {
            try snapshelf(command, environment: noTrash, through: SnapshelfProcess.unprivileged)
        }
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tfirst\tCanon_40D.jpg\n2\tsecond\tNikon_D70.jpg\n")
        XCTAssertEqual(try copies().map { try Data(contentsOf: $0) }.sorted { $0.count < $1.count },
                       try SamplePhotos.cameras.prefix(2).map { try Data(contentsOf: $0) }.sorted { $0.count < $1.count })
        try assertSound()
        // With the Trash back, the same command removes it.
        try snapshelf("remove", "1", environment: ["XDG_DATA_HOME": folder.url.appendingPathComponent("data").path])
        XCTAssertEqual(try ids(), ["2"])
    }

    func testAnInterruptedRemovalWhoseTrashFailsKeepsTheCopyWhereCheckNamesIt() throws {
        try snapshelf("import", SamplePhotos.cameras[0].path)
        let copy = try XCTUnwrap(try copies().first)
        // As the window leaves it when killed while its undo is on offer: the row gone, the file waiting.
        _ = try Library(directory: libraryURL).remove(photosWithIDs: [1])

        let noTrash = try unwritableDataFolder()
        let listed = try snapshelf("list", environment: noTrash, through: SnapshelfProcess.unprivileged)
        let kept = libraryURL.appendingPathComponent("removed").appendingPathComponent(copy.lastPathComponent)
        XCTAssertTrue(listed.standardError.hasPrefix("snapshelf: note: a removed photo’s file could not go to the Trash: "),
                      listed.standardError)
        XCTAssertTrue(listed.standardError.hasSuffix("; it was kept at \(kept.path)\n"), listed.standardError)
        XCTAssertEqual(try Data(contentsOf: kept), try Data(contentsOf: SamplePhotos.cameras[0]))

        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("file \(kept.path) is a removed photo’s copy that could not go to the Trash"),
                      check.standardOutput)
        // Importing it keeps the photo; the kept copy is then the person's to throw away.
        XCTAssertTrue(try snapshelf("import", kept.path).standardOutput.hasPrefix("Imported \(kept.path) as photo 2"))
    }

    func testARemovalWaitsWhileAFileIsPlacedSoAnImportOfTheSameBytesKeepsItsFile() throws {
        try snapshelf("import", "--label", "removed", SamplePhotos.cameras[0].path)
        let copy = try XCTUnwrap(try copies().first)
        let again = folder.file(named: "again.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
        // The lock every connection takes to place or retire a file, held here as an import would hold it.
        let photos = open(libraryURL.appendingPathComponent("photos").path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(photos, 0)
        defer { close(photos) }
        XCTAssertEqual(flock(photos, LOCK_EX), 0)

        let remove = try startSnapshelf(["remove", "1"])
        // The row goes before the removal waits for the lock; only then is the import a new photo's.
        let database = libraryURL.appendingPathComponent("library.sqlite3")
        for _ in 0..<200 where try LibraryFixture.integer("SELECT count(*) FROM photos", in: database) > 0 {
            usleep(50_000)
        }
        XCTAssertEqual(try LibraryFixture.integer("SELECT count(*) FROM photos", in: database), 0)
        waitUntilAsleep(remove)
        XCTAssertTrue(remove.isRunning, "the removal did not wait for the lock")
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path), "the file went to the Trash under the lock")
        let importing = try startSnapshelf(["import", "--label", "again", again.path])
        waitUntilAsleep(importing)
        XCTAssertTrue(importing.isRunning, "the import did not wait for the lock")

        flock(photos, LOCK_UN)
        remove.waitUntilExit()
        importing.waitUntilExit()
        XCTAssertEqual(remove.terminationStatus, 0)
        XCTAssertEqual(importing.terminationStatus, 0)
        // Whichever went first, the photo imported again has its file.
        XCTAssertEqual(try snapshelf("list").standardOutput, "2\tagain\tagain.jpg\n")
        try assertSound()
    }

    /// Waits until the process sleeps between its tries at a lock, the only sleeping it does (Flock's,
    /// or SQLite's at a locked database): it has come to a lock held here then, rather than not yet
    /// got there, or gone past it; a process that ends meanwhile went past it.
    private func waitUntilAsleep(_ process: Process) {
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning && ContinuousClock.now < deadline,
              (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8))?.hasSuffix("nanosleep") != true {
            usleep(5_000)
        }
    }
}
