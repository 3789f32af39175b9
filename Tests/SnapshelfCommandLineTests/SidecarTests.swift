// Each photo's XMP sidecar holds what the person put in, readable by any XMP reader, and the
// database can be made again from the sidecars: same IDs, labels, names, dates and order.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarTests: CommandLineTestCase {
    private var database: URL { libraryURL.appendingPathComponent("library.sqlite3") }

    private func deleteDatabase() {
        for suffix in ["", "-wal", "-shm"] { unlink(database.path + suffix) }
    }

    private func sidecar(of photo: Int) throws -> URL {
        let listed = try JSONSerialization.jsonObject(with: Data(try snapshelf("list", "--json").standardOutput.utf8)) as? [[String: Any]]
        let file = try XCTUnwrap(listed?.first { $0["id"] as? Int == photo }?["file"] as? String)
        return URL(fileURLWithPath: file + ".xmp")
    }

    func testEachSidecarHoldsTheLabelExactlyAsExifToolReadsIt() throws {
        let long = String(repeating: "Zürich 🌅 ", count: 50).prefix(500)
        let labels = ["Café au lait 日本 👩‍👩‍👧", "<b>bold</b> & \"quoted\" 'single'", String(long), "lang=\"fr\" bonjour",
                      "Porto, with Ana, 2001, lang=\"de\" too"]
        for (label, photo) in zip(labels, SamplePhotos.cameras) {
            try snapshelf("import", "--label", label, photo.path)
        }
        for (index, label) in labels.enumerated() {
            let sidecar = try sidecar(of: index + 1)
            XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: sidecar), label)
            XCTAssertEqual(try ExifTool.value("XMP-xmpMM:PreservedFileName", of: sidecar), SamplePhotos.cameras[index].lastPathComponent)
        }
        // And back through a rebuild, which reads them with Exiv2.
        let listing = try snapshelf("list").standardOutput
        for suffix in ["", "-wal", "-shm"] { unlink(libraryURL.appendingPathComponent("library.sqlite3").path + suffix) }
        try snapshelf("rebuild")
        XCTAssertEqual(try snapshelf("list").standardOutput, listing)
        try snapshelf("label", "2", "changed ✓")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: try sidecar(of: 2)), "changed ✓")
        try assertSound()
    }

    func testARebuildAfterTheDatabaseIsDeletedBringsBackTheSameLibrary() throws {
        for (index, photo) in SamplePhotos.cameras.prefix(5).enumerated() {
            try snapshelf("import", "--label", "photo \(index) Zürich", photo.path)
        }
        try snapshelf("label", "3", "relabelled")
        try snapshelf("remove", "2")
        let before = try snapshelf("list", "--json").standardOutput
        deleteDatabase()
        XCTAssertTrue(try snapshelf("list", expecting: 1).standardError.contains("`snapshelf rebuild` makes the database again"))

        let rebuilt = try snapshelf("rebuild")
        XCTAssertEqual(rebuilt.standardOutput, "Rebuilt the library at \(library): 4 photos.\n")
        XCTAssertTrue(rebuilt.standardError.hasSuffix("rebuilding: read 4 of 4 photos\n"), rebuilt.standardError)
        // This computer's name in the library was the database's: the label photo 3 had before is
        // now one another computer gave, which is all that differs.
        XCTAssertEqual(before.components(separatedBy: "\"this_computer\" : true").count, 2)
        XCTAssertEqual(try snapshelf("list", "--json").standardOutput,
                       before.replacingOccurrences(of: "\"this_computer\" : true", with: "\"this_computer\" : false"))
        XCTAssertEqual(try snapshelf("search", "zurich").standardOutput.split(separator: "\n").count, 3, "the search index too")
        try assertSound()
        // New photos continue after the largest ID, as before.
        XCTAssertTrue(try snapshelf("import", SamplePhotos.cameras[6].path).standardOutput.contains("as photo 6"))
    }

    func testARebuildMovesADamagedDatabaseAsideAndNeverDeletesIt() throws {
        try snapshelf("import", "--label", "kept", SamplePhotos.cameras[0].path)
        let before = try snapshelf("list", "--json").standardOutput
        deleteDatabase()
        try Data("this is not SQLite".utf8).write(to: database)
        let refused = try snapshelf("check", expecting: 1)
        XCTAssertTrue(refused.standardError.contains("file is not a database; the database is damaged; `snapshelf rebuild` makes the database again"), refused.standardError)

        let rebuilt = try snapshelf("rebuild")
        let moved = try XCTUnwrap(rebuilt.standardOutput.split(separator: "\n").first { $0.hasPrefix("The old database was moved to ") })
        let aside = String(moved.dropFirst("The old database was moved to ".count).dropLast())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)), Data("this is not SQLite".utf8))
        XCTAssertEqual(try snapshelf("list", "--json").standardOutput, before)
        try assertSound()
    }

    func testACopyWithoutAUsableSidecarComesBackFromThePhotoAndGetsOne() throws {
        for photo in SamplePhotos.cameras.prefix(3) {
            try snapshelf("import", "--label", "labelled", photo.path)
        }
        let missing = try sidecar(of: 1)
        let notXMP = try sidecar(of: 2)
        try FileManager.default.removeItem(at: missing)
        try Data("not xml at all".utf8).write(to: notXMP)
        let check = try snapshelf("check", expecting: 1)
        XCTAssertTrue(check.standardOutput.contains("photo 1: its sidecar \(missing.path) cannot be used: it is missing"), check.standardOutput)
        XCTAssertTrue(check.standardOutput.contains("photo 2: its sidecar \(notXMP.path) cannot be used: it is not XMP"), check.standardOutput)

        deleteDatabase()
        let rebuilt = try snapshelf("rebuild")
        XCTAssertTrue(rebuilt.standardOutput.contains("2 had no sidecar and came back from the photos alone"), rebuilt.standardOutput)
        XCTAssertTrue(rebuilt.standardError.contains("note: the sidecar of \(notXMP.deletingPathExtension().lastPathComponent) cannot be used: it is not XMP"),
                      rebuilt.standardError)
        let listing = try snapshelf("list").standardOutput.split(separator: "\n")
        XCTAssertEqual(listing.count, 3)
        XCTAssertTrue(listing.contains { $0.hasPrefix("3\tlabelled\t") }, "the photo with its sidecar keeps ID and label")
        XCTAssertEqual(listing.filter { $0.contains("\t\t") }.count, 2, "the others come back without a label")
        try assertSound()
    }

    func testARebuildRefusesAFolderThatIsNoLibraryAndCreatesNothingInIt() throws {
        let folderURL = folder.url.appendingPathComponent("not-a-library")
        try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folderURL.appendingPathComponent("notes.txt"))
        let outcome = try SnapshelfProcess.run(["--library", folderURL.path, "rebuild"])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.standardError.contains("it is not a library: there is no photos folder at \(folderURL.path)/photos"),
                      outcome.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folderURL.path), ["notes.txt"])
    }

    func testALibraryFromBeforeSidecarsGetsThemWrittenOnceWhenOpened() throws {
        try snapshelf("import", "--label", "old one", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "old two", SamplePhotos.cameras[1].path)
        let sidecars = try [sidecar(of: 1), sidecar(of: 2)]
        sidecars.forEach { unlink($0.path) }
        try LibraryFixture.execute("""
            DROP TRIGGER sidecar_on_insert; DROP TRIGGER sidecar_on_update; DROP TABLE pending_sidecars;
            ALTER TABLE photos DROP COLUMN rotation; ALTER TABLE photos DROP COLUMN camera; ALTER TABLE photos DROP COLUMN original_bytes;
            PRAGMA user_version = 4;
            """, in: database)
        try snapshelf("list")
        XCTAssertEqual(try sidecars.map { try ExifTool.value("XMP-dc:Title", of: $0) }, ["old one", "old two"])
        try assertSound()
    }

    func testKillingRelabelsAtAnyMomentLeavesTheLabelLastSavedInRowAndSidecar() throws {
        try snapshelf("import", "--label", "start", SamplePhotos.cameras[0].path)
        // How long a whole relabel takes here: the kills are spread over that, from the process
        // starting to its last write.
        let moments = KillMoments.spread(10, over: try KillMoments.measure(["--library", library, "label", "1", "measured"]))
        var saved = "measured"
        for (round, moment) in moments.enumerated() {
            if try SnapshelfProcess.killed(["--library", library, "label", "1", "round \(round)"], after: moment) {
                saved = "round \(round)"
            }
            try assertSound()
            // Opening mends the pair; then both say the same, the label saved or the one cut short.
            let label = String(try snapshelf("list").standardOutput.split(separator: "\t")[1])
            XCTAssertTrue([saved, "round \(round)"].contains(label), "round \(round): \(label)")
            XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: try sidecar(of: 1)), label, "round \(round)")
            saved = label
        }
    }
}
