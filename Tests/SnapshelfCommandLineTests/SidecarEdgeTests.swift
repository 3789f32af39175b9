// Sidecars and databases in the states a kill, a hand edit or an old backup leaves them: the
// truth in the sidecars is never overwritten with less, and every state names its repair.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarEdgeTests: CommandLineTestCase {
    private var database: URL { libraryURL.appendingPathComponent("library.sqlite3") }

    private func sidecar(of index: Int) throws -> URL {
        URL(fileURLWithPath: try copies()[index].path + ".xmp")
    }

    func testCharactersXMLCannotHoldNeverReachASidecar() throws {
        let outcome = try snapshelf("import", "--label", "x\u{FFFE}y\u{FFFF}z", SamplePhotos.cameras[0].path)
        XCTAssertTrue(outcome.standardError.contains("2 invisible control or formatting characters were removed"), outcome.standardError)
        XCTAssertEqual(try ExifTool.title(of: try sidecar(of: 0)), "xyz")
        let listing = try snapshelf("list", "--json").standardOutput
        for suffix in ["", "-wal", "-shm"] { unlink(database.path + suffix) }
        try snapshelf("rebuild")
        XCTAssertEqual(try snapshelf("list", "--json").standardOutput, listing)
    }

    func testAnEmptyDatabaseOverPhotosIsRefusedSoTheirSidecarsAreNeverOverwritten() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let sidecar = try sidecar(of: 0)
        let before = try Data(contentsOf: sidecar)
        try LibraryFixture.execute("DELETE FROM photos", in: database)
        for command in [["list"], ["check"], ["import", try copies()[0].path]] {
            let refused = try snapshelf(command, expecting: 1)
            XCTAssertTrue(refused.standardError.contains("its database holds no photos, but \(library)/photos holds 1 photo file"),
                          "\(command): \(refused.standardError)")
            XCTAssertTrue(refused.standardError.contains("`snapshelf rebuild`"), refused.standardError)
        }
        XCTAssertEqual(try Data(contentsOf: sidecar), before)
        try snapshelf("rebuild")
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tkept\tCanon_40D.jpg\n")
    }

    func testARebuildCutShortLeavesTheDatabaseThatWasThere() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        // What a rebuild killed half-way leaves: its unfinished database under its own name.
        try Data("half a database".utf8).write(to: libraryURL.appendingPathComponent("library.sqlite3.rebuilding"))
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tkept\tCanon_40D.jpg\n")
        try snapshelf("rebuild")
        XCTAssertFalse(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent("library.sqlite3.rebuilding").path))
        XCTAssertEqual(try snapshelf("list").standardOutput, "1\tkept\tCanon_40D.jpg\n")
    }

    func testAnIDWithNoRoomAfterItIsNoIDAndTheRebuildGoesOn() throws {
        try snapshelf("import", "--label", "first", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "second", SamplePhotos.cameras[1].path)
        let edited = try sidecar(of: 0)
        let text = try String(contentsOf: edited, encoding: .utf8)
        try text.replacingOccurrences(of: #"snapshelf:PhotoID="\d+""#, with: "snapshelf:PhotoID=\"9223372036854775807\"", options: .regularExpression)
            .write(to: edited, atomically: true, encoding: .utf8)
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardOutput.contains("2 photos"), rebuilt.standardOutput)
        try assertSound()
    }

    func testAFolderWhereASidecarBelongsIsNamedAndStopsNothingElse() throws {
        try snapshelf("import", "--label", "first", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "second", SamplePhotos.cameras[1].path)
        let blocked = try sidecar(of: 0)
        try FileManager.default.removeItem(at: blocked)
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        let id = try snapshelf("list").standardOutput.split(separator: "\n").first { $0.contains("first") }!.split(separator: "\t")[0]
        let relabel = try snapshelf(["label", String(id), "new"], expecting: 1)
        XCTAssertTrue(relabel.standardError.contains("writing the sidecar \(blocked.path)"), relabel.standardError)
        XCTAssertTrue(relabel.standardError.contains("the label is saved in the database"), relabel.standardError)
        let listed = try snapshelf("list")
        XCTAssertEqual(listed.standardOutput.split(separator: "\n").count, 2)
        XCTAssertTrue(listed.standardError.contains("note: error while writing the sidecar \(blocked.path)"), listed.standardError)
        XCTAssertTrue(try snapshelf("check", expecting: 1).standardOutput.contains(blocked.path))
        try FileManager.default.removeItem(at: blocked)
        try snapshelf("list")
        XCTAssertEqual(try ExifTool.title(of: blocked), "new")
        try assertSound()
    }

    func testAnotherPhotosSidecarIsNamedAsSuchWithARepairThatKeepsTheLabel() throws {
        try snapshelf("import", "--label", "A", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "B", SamplePhotos.cameras[1].path)
        let listing = try snapshelf("list").standardOutput
        let rows = listing.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let files = try copies()
        // Copy A's sidecar over B's, as a careless sync or hand might.
        let aFile = try XCTUnwrap(files.first { (try? ExifTool.title(of: URL(fileURLWithPath: $0.path + ".xmp"))) == "A" })
        let bFile = try XCTUnwrap(files.first { $0 != aFile })
        try FileManager.default.removeItem(atPath: bFile.path + ".xmp")
        try FileManager.default.copyItem(atPath: aFile.path + ".xmp", toPath: bFile.path + ".xmp")
        let check = try snapshelf("check", expecting: 1)
        let bID = try XCTUnwrap(rows.first { $0[1] == "B" }?[0])
        XCTAssertTrue(check.standardOutput.contains("photo \(bID): its sidecar \(bFile.path).xmp is photo"), check.standardOutput)
        try snapshelf(["label", String(bID), "B"])
        try assertSound()
        XCTAssertEqual(try snapshelf("list").standardOutput, listing)
    }

    func testAReadOnlyBackupFromBeforeSidecarsStillLists() throws {
        try snapshelf("import", "--label", "old", SamplePhotos.cameras[0].path)
        unlink(try sidecar(of: 0).path)
        try LibraryFixture.execute("DROP TRIGGER sidecar_on_insert; DROP TRIGGER sidecar_on_update; DROP TABLE pending_sidecars; " +
                                   "ALTER TABLE photos DROP COLUMN rotation; ALTER TABLE photos DROP COLUMN camera; ALTER TABLE photos DROP COLUMN original_bytes; " +
                                   "PRAGMA user_version = 4;",
                                   in: database)
        try makeLibraryReadOnly()
        XCTAssertEqual(try snapshelf("list", through: SnapshelfProcess.unprivileged).standardOutput, "1\told\tCanon_40D.jpg\n")
        let check = try snapshelf("check", expecting: 1, through: SnapshelfProcess.unprivileged)
        XCTAssertTrue(check.standardOutput.contains("from before sidecars and read-only"), check.standardOutput)
    }
}
