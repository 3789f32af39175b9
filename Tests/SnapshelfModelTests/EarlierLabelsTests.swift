// A photo's earlier labels: every label it was given before the one it has, and every one that
// lost a merge of two computers' changes, kept in its sidecar's history (read here with exiftool,
// independently of Exiv2) and listed from the index, newest first, with the computer and time
// of each. They outlast a rebuild, and a library from before the index kept them lists them
// from its sidecars.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class EarlierLabelsTests: SidecarTestCase {
    private func relabel(_ text: String) throws {
        // A millisecond apart at least, so each label's time is its own.
        waitForTheClock(toPass: try Sidecar(reading: sidecarURL).labelChangedMilliseconds)
        _ = try library.relabel(photoWithID: photo.id, as: try Label(text))
    }

    func testEveryLabelReplacedIsListedNewestFirstWithThisComputerAndItsTime() throws {
        let before = Date()
        try relabel("Lake")
        try relabel("Lake | at dawn \\")
        let earlier = try library.earlierLabels(ofPhotoWithID: photo.id)
        XCTAssertEqual(earlier.map(\.label), ["Lake", "a"])
        XCTAssertEqual(earlier.map(\.computer), [try machine, try machine])
        XCTAssertEqual(earlier.map(\.isThisComputer), [true, true])
        XCTAssertGreaterThan(earlier[0].given, earlier[1].given)
        XCTAssertLessThan(abs(earlier[0].given.timeIntervalSince(before)), 5)
        // The sidecar is the truth, and any XMP reader sees the same.
        let history = try ExifTool.value("XMP-snapshelf:History", of: sidecarURL)
        XCTAssertTrue(history.hasSuffix(" \(try machine) Lake | \(Sidecar.text(milliseconds: ClampedDate.milliseconds(of: earlier[1].given))) \(try machine) a"), history)
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "Lake | at dawn \\")

        // Giving an earlier label back is one more change: the label replaced joins the history.
        try relabel("Lake")
        XCTAssertEqual(try library.earlierLabels(ofPhotoWithID: photo.id).map(\.label), ["Lake | at dawn \\", "Lake", "a"])
        XCTAssertEqual(try library.earlierLabels(ofPhotoWithID: 999), [])
    }

    func testAnUndoneChangeKeepsTheLabelItUndid() throws {
        let undo = try library.relabel(photosWithIDs: [photo.id], as: try Label("Lake"))
        _ = try library.undo(undo)
        XCTAssertEqual(try library.photos().first?.label, "a")
        XCTAssertEqual(try library.earlierLabels(ofPhotoWithID: photo.id).map(\.label), ["Lake", "a"])
    }

    func testARebuildListsTheSameEarlierLabels() throws {
        try relabel("Lake")
        try relabel("Hill")
        let earlier = try library.earlierLabels(ofPhotoWithID: photo.id)
        library = nil
        _ = try LibraryRebuild.run(directory: directory)
        let rebuilt = try Library(directory: directory)
        XCTAssertEqual(try rebuilt.earlierLabels(ofPhotoWithID: photo.id).map(\.label), ["Lake", "a"])
        XCTAssertEqual(try rebuilt.earlierLabels(ofPhotoWithID: photo.id).map(\.given), earlier.map(\.given))
    }

    func testALibraryFromBeforeListsThemFromItsSidecarsAndListsEveryPhoto() throws {
        try relabel("Lake")
        guard case .added(let second) = try library.add(try candidate(SamplePhotos.cameras[1]), label: try Label("b")) else {
            return XCTFail("the second photo was not added")
        }
        library = nil
        // The database as a Snapshelf before version 13 left it, which kept no earlier labels.
        let database = try LibraryDatabase(fileURL: directory.appendingPathComponent("library.sqlite3"), readOnly: false)
        try database.connection.execute("""
            DROP TRIGGER histories_deleted; DROP TABLE label_histories; DROP TABLE pending_histories; DROP TABLE read_records;
            DROP TRIGGER removal_records_deleted; DROP TABLE removal_records; DROP TRIGGER own_changes_deleted; DROP TABLE own_changes;
            PRAGMA user_version = 12;
            """, during: .upgradingDatabase)
        let upgraded = try Library(directory: directory)
        XCTAssertEqual(try upgraded.earlierLabels(ofPhotoWithID: photo.id).map(\.label), ["a"])
        var listed: [Int64: [String]] = [:]
        try upgraded.forEachPhotoWithEarlierLabels { listed[$0.id] = $1.map(\.label) }
        XCTAssertEqual(listed, [photo.id: ["a"], second.id: []])
        // A change keeps them in the index from then on.
        _ = try upgraded.relabel(photoWithID: photo.id, as: try Label("Hill"))
        XCTAssertEqual(try upgraded.database.history(ofPhotoWithID: photo.id)?.entries.map(\.label), ["Lake", "a"])
    }

    func testALabelThatLostAMergeIsListedWithTheComputerThatGaveIt() throws {
        // Another computer's change to the photo, which Syncthing left as a conflict copy.
        var theirs = try Sidecar(reading: sidecarURL)
        (theirs.label, theirs.labelChangedMilliseconds, theirs.machine) = ("Their lake", 1_000, "b0b")
        try theirs.write(to: photo.fileURL.appendingPathExtension("sync-conflict-20261201-120000-ABCDEFG.xmp"), through: folder.url)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        _ = try library.rescan()
        let earlier = try library.earlierLabels(ofPhotoWithID: photo.id)
        XCTAssertEqual(earlier.first?.label, "Their lake")
        XCTAssertEqual(earlier.first?.computer, "b0b")
        XCTAssertEqual(earlier.first?.isThisComputer, false)
        XCTAssertEqual(earlier.first?.given, Date(timeIntervalSince1970: 1))
    }

    func testAHostileHistoryIsListedAsLabelsAndPlainNames() throws {
        var sidecar = try Sidecar(reading: sidecarURL)
        sidecar.history = SidecarHistory(entries: [
            SidecarHistory.Entry(label: "evil\u{202E}gpj.exe\u{7}" + String(repeating: "x", count: 900), changedMilliseconds: 5, machine: "b0b\u{202E}\u{1}" + String(repeating: "y", count: 300)),
        ])
        try sidecar.write(to: sidecarURL, through: folder.url)
        try library.database.connection.execute("INSERT INTO pending_histories VALUES (\(photo.id))", during: .upgradingDatabase)
        let earlier = try XCTUnwrap(try library.earlierLabels(ofPhotoWithID: photo.id).first)
        // However XMP carried the control characters, what is listed holds none.
        for text in [earlier.label, try XCTUnwrap(earlier.computer)] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x202E || $0.value < 0x20 }, text)
        }
        XCTAssertLessThanOrEqual(earlier.label.count, Label.maximumLength)
        XCTAssertLessThanOrEqual(try XCTUnwrap(earlier.computer).count, 41)
    }
}
