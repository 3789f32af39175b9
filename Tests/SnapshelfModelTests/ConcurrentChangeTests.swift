// Changes that build on what a photo holds build on what it holds when they write: a rotation adds
// its turn, and its undo turns back by as much, so nothing another process saved is lost.
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
}
