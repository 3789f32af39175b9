// Changes that build on what a photo holds build on what it holds when they write: a rotation adds
// its turn, an undo turns back or gives a label back only where no one changed it since, and a
// removal keeps what another process saved just before it, so nothing another process saved is lost.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ConcurrentChangeTests: LibraryTestCase {
    private var database: URL { directory.appendingPathComponent("library.sqlite3") }

    private func library(labels: [String]) throws -> (Library, [Int64]) {
        let library = try Library(directory: directory)
        for (label, url) in zip(labels, SamplePhotos.cameras) {
            _ = try library.add(try candidate(url), label: try Label(label))
        }
        return (library, try library.photoIDs())
    }

    private func sidecar(of photo: Photo?) throws -> URL {
        try XCTUnwrap(photo).fileURL.appendingPathExtension("xmp")
    }

    func testATurnAddsToOneAnotherProcessCommitsWhileItWaitsToWrite() throws {
        let (library, ids) = try library(labels: ["lake"])
        let undo = try HeldWrite.landing("UPDATE photos SET rotation = 180 WHERE id = \(ids[0])", in: database) {
            try library.rotate(photosWithIDs: [ids[0]], by: 90)
        }
        XCTAssertEqual(undo.rotations, [ids[0]: 270], "the other process's half turn was lost")
        XCTAssertEqual(try library.photo(withID: ids[0])?.rotation, 270)
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: try sidecar(of: library.photo(withID: ids[0]))), "270")
    }

    func testUndoingATurnTurnsBackOnlyByItKeepingAnotherConnectionsTurn() throws {
        let (library, ids) = try library(labels: ["lake", "hill"])
        let undo = try library.rotate(photosWithIDs: [ids[0], ids[1], ids[0], 99], by: -90)
        XCTAssertEqual(undo.rotations, [ids[0]: 270, ids[1]: 270], "a photo given twice is turned once; one not there is left out")
        _ = try Library(directory: directory).rotate(photosWithIDs: [ids[0]], by: 180)
        try library.undo(undo)
        XCTAssertEqual(try library.photos().map(\.rotation), [180, 0])
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: try sidecar(of: library.photo(withID: ids[0]))), "180")
        XCTAssertEqual(try library.check(), [])
    }

    func testUndoingALabelKeepsTheLabelsChangedOrRemovedSinceAndSaysWhich() throws {
        let (library, ids) = try library(labels: ["Lake", "Hill", "", "Kept"])
        let undo = try library.relabel(photosWithIDs: ids + [ids[0], 99], as: try Label("Zoo trip"))
        XCTAssertEqual(undo.count, 4)
        XCTAssertEqual(undo.previous, [ids[0]: "Lake", ids[1]: "Hill", ids[2]: "", ids[3]: "Kept"])
        let other = try Library(directory: directory)
        try other.relabel(photoWithID: ids[1], as: try Label("Hill at dusk"))
        _ = try other.remove(photosWithIDs: [ids[3]])
        let restoration = try library.undo(undo)
        XCTAssertEqual([restoration.restored, restoration.changedElsewhere, restoration.removedElsewhere], [[ids[0], ids[2]], [ids[1]], [ids[3]]])
        XCTAssertEqual(try library.photos().map(\.label), ["Lake", "Hill at dusk", ""])
        XCTAssertEqual(try library.photoIDs(matching: "lake"), [ids[0]], "the search index missed the label put back")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: try sidecar(of: library.photo(withID: ids[0]))), "Lake")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: try sidecar(of: library.photo(withID: ids[1]))), "Hill at dusk")
    }

    func testALabelChangeRemembersTheLabelItReplacedNotOneReadBeforeIt() throws {
        let (library, ids) = try library(labels: ["Lake", "Hill"])
        let undo = try HeldWrite.landing("UPDATE photos SET label = 'Lake at dawn' WHERE id = \(ids[0])", in: database) {
            try library.relabel(photosWithIDs: ids, as: try Label("Hill"))
        }
        XCTAssertEqual(undo.previous, [ids[0]: "Lake at dawn"], "a photo that had the label already has nothing to undo")
        XCTAssertEqual(undo.count, 2)
        XCTAssertEqual(try library.undo(undo).restored, [ids[0]])
        XCTAssertEqual(try library.photos().map(\.label), ["Lake at dawn", "Hill"])
    }

    func testAnUndoneRemovalBringsBackWhatAnotherProcessSavedJustBeforeIt() throws {
        let (library, ids) = try library(labels: ["Lake", "Hill"])
        let removal = try HeldWrite.landing("UPDATE photos SET label = 'Lake at dawn', rotation = 90 WHERE id = \(ids[0])",
                                            in: database) {
            try library.remove(photosWithIDs: [ids[0]])
        }
        XCTAssertEqual(removal.photos.map(\.label), ["Lake at dawn"])
        try library.undo(removal)
        let restored = try XCTUnwrap(try library.photo(withID: ids[0]))
        XCTAssertEqual([restored.label, "\(restored.rotation)"], ["Lake at dawn", "90"], "the other process's change was lost")
        XCTAssertEqual(try ExifTool.value("XMP-dc:Title", of: try sidecar(of: restored)), "Lake at dawn")
        XCTAssertEqual(try library.check(), [])
    }

    func testASidecarWrittenFromARowChangedMeanwhileStaysDue() throws {
        let (first, ids) = try library(labels: ["lake"])
        let photo = try first.photo(withID: ids[0])
        try LibraryFixture.execute("INSERT INTO pending_sidecars (photo_id) VALUES (\(ids[0]))", in: database)
        let writer = try Library(directory: directory, writingSidecars: false)
        // Another process relabels the photo while the sidecar is written from the row before,
        // and is killed before writing its own: its mark must outlive this writer.
        try HeldWrite.landing("UPDATE photos SET label = 'hill', label_key = 'hill' WHERE id = \(ids[0])", in: database) {
            try writer.writePendingSidecars()
        }
        XCTAssertEqual(try ExifTool.title(of: try sidecar(of: photo)), "lake", "the writer wrote from the row it read")
        _ = try Library(directory: directory)
        XCTAssertEqual(try ExifTool.title(of: try sidecar(of: photo)), "hill", "the other process's mark was cleared")
    }
}
