// What each computer records for the others in a shared library's `computers/` folder, against
// what another computer can put there: a link, a folder or a FIFO where this computer's file
// goes is moved aside, never followed or opened, and the removal goes ahead; a last line a crash
// cut short joins no record; a conflict copy of a file is no computer's. And what travels with
// the photos: earlier labels arrive with a photo, and come back with an undone removal.
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ComputerRecordsTests: SharedLibraryTestCase {
    private var records: URL { directory.appendingPathComponent("computers") }

    /// The first computer's removals file, by the name it writes its sidecars with.
    private func ownRecords() throws -> URL {
        let sidecar = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("photos").path)
            .first { $0.hasSuffix(".xmp") })
        let machine = try ExifTool.value("XMP-snapshelf:Machine", of: directory.appendingPathComponent("photos/\(sidecar)"))
        return records.appendingPathComponent("\(machine).removals")
    }

    /// Removes the first photo on the first computer, as Syncthing then shows it on the second:
    /// the copy gone, the sidecar not yet; and whether the second settled it as a removal.
    private func removalSettles(_ first: Library, _ second: Library, _ id: Int64) throws -> Bool {
        XCTAssertNotNil(try first.remove(photoWithID: id))
        try bring(directory, to: other, folder: "computers")
        try FileManager.default.removeItem(at: try XCTUnwrap(try second.photo(withID: id)).fileURL)
        return try second.rescan().removedElsewhere?.photos.map(\.id) == [id]
    }

    func testALinkAFolderOrAFIFOWhereTheRecordsGoIsMovedAsideAndTheRemovalGoesAhead() throws {
        let (first, second, ids) = try sharedLibrary()
        let outside = folder.url.appendingPathComponent("outside")
        try Data("not Snapshelf's".utf8).write(to: outside)
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        let own = try ownRecords()
        let plants: [() throws -> Void] = [
            { try FileManager.default.createSymbolicLink(at: own, withDestinationURL: outside) },
            { XCTAssertEqual(mkfifo(own.path, 0o600), 0) },
            { try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false) },
        ]
        for (index, plant) in plants.enumerated() {
            try plant()
            XCTAssertTrue(try removalSettles(first, second, ids[index]), "plant \(index)")
            XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "not Snapshelf's")
            // What stood there is kept, under another name, and the next removal appends.
            try FileManager.default.removeItem(at: own)
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: records.path).filter { $0.contains(".not-a-file-") }
        XCTAssertEqual(aside.count, 3, "\(aside)")
        XCTAssertNotNil(try Library(directory: directory), "the library still opens")
    }

    func testALastLineCutShortJoinsNoRecordAndAConflictCopyIsNoComputersFile() throws {
        let (first, second, ids) = try sharedLibrary()
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        try Data("0123456789abcdef".utf8).write(to: try ownRecords())
        XCTAssertTrue(try removalSettles(first, second, ids[0]))
        // A conflict copy of the first computer's file, holding its records, is read by no one.
        let copy = other.appendingPathComponent("computers/\(try ownRecords().deletingPathExtension().lastPathComponent)"
                                                + ".sync-conflict-20261201-120000-ABCDEFG.removals")
        try FileManager.default.moveItem(at: other.appendingPathComponent("computers/\(try ownRecords().lastPathComponent)"), to: copy)
        _ = try first.remove(photoWithID: ids[1])
        try FileManager.default.removeItem(at: try XCTUnwrap(try second.photo(withID: ids[1])).fileURL)
        XCTAssertNil(try second.rescan().removedElsewhere, "the removal was taken from a conflict copy")
    }

    func testEarlierLabelsArriveWithAPhotoAndComeBackWithAnUndoneRemoval() throws {
        let first = try Library(directory: directory)
        let id = try importThree(into: first)[0]
        _ = try first.relabel(photoWithID: id, as: try Label("second"))
        _ = try first.relabel(photoWithID: id, as: try Label("third"))
        try bring(directory, to: other)
        let second = try Library(directory: other)
        _ = try second.rescan(opening: true)
        XCTAssertEqual(try second.earlierLabels(ofPhotoWithID: id).map(\.label), ["second", "photo 0"])

        _ = try first.remove(photoWithID: id)
        try bring(directory, to: other)
        let removal = try XCTUnwrap(try second.rescan().removedElsewhere)
        XCTAssertEqual(try second.undoRemovalElsewhere(removal), [])
        XCTAssertEqual(try second.earlierLabels(ofPhotoWithID: id).map(\.label), ["second", "photo 0"])
        let sidecar = try XCTUnwrap(try second.photo(withID: id)).fileURL.appendingPathExtension("xmp")
        XCTAssertTrue(try ExifTool.value("XMP-snapshelf:History", of: sidecar).hasSuffix(" photo 0"))
        XCTAssertEqual(try second.check(), [])
    }

    func testARemovalThatSawALabelCoversItWhicheverComputerLastWroteTheSidecar() throws {
        let (first, second, ids) = try sharedLibrary()
        // The second computer writes the sidecar again, as after an upgrade, which names it as
        // the writer, though no label or turn changed; the first removes the photo meanwhile.
        try second.database.connection.execute("INSERT INTO pending_sidecars VALUES (\(ids[0]))", during: .upgradingDatabase)
        try second.writePendingSidecars()
        let sidecar = try XCTUnwrap(try second.photo(withID: ids[0])).fileURL.appendingPathExtension("xmp")
        XCTAssertNotEqual(try ExifTool.value("XMP-snapshelf:Machine", of: sidecar),
                          try ExifTool.value("XMP-snapshelf:Machine", of: URL(fileURLWithPath: sidecar.path.replacingOccurrences(of: other.path, with: directory.path))))
        XCTAssertTrue(try removalSettles(first, second, ids[0]), "a rewrite made the removal look as if it had not seen the label")
    }

    func testARemovalRecordThatArrivesBeforeItsPhotoIsIndexedIsKept() throws {
        let (first, second, _) = try sharedLibrary()
        guard case .added(let photo) = try first.add(try candidate(SamplePhotos.cameras[3]), label: try Label("late")) else {
            return XCTFail("the photo was not added")
        }
        try bring(directory, to: other, folder: "photos")
        _ = try first.remove(photoWithID: photo.id)
        try bring(directory, to: other, folder: "computers")
        // The second takes the photo in and the record with it, then relabels the photo while
        // Syncthing deletes its copy: the relabel wins.
        XCTAssertEqual(try second.rescan().arrived, 1)
        let arrived = try XCTUnwrap(try second.photos().first { $0.originalName == photo.originalName })
        _ = try second.relabel(photoWithID: arrived.id, as: try Label("kept on the second"))
        try FileManager.default.removeItem(at: arrived.fileURL)
        XCTAssertEqual(try second.rescan().putBack, 1)
        XCTAssertEqual(try second.check(), [])
    }
}
