// Rotating photos: kept in the database and the sidecar, undone turn for turn, applied to sizes and
// thumbnails, never to the library's copy; and the camera, kept since the same schema version.
import CGdkPixbuf
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest

final class RotationTests: LibraryTestCase {
    /// The photos added to a library that is closed again once `body` is done with it.
    private func library(with photos: [URL], _ body: (Library, [Photo]) throws -> Void) throws -> [Photo] {
        let (library, added) = try self.library(with: photos)
        try body(library, added)
        return added
    }

    private func library(with photos: [URL]) throws -> (Library, [Photo]) {
        let library = try Library(directory: directory)
        let added = try photos.map { url -> Photo in
            guard case .added(let photo) = try library.add(try candidate(url), label: try Label("p")) else {
                throw NSError(domain: "RotationTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(url.path) was not added"])
            }
            return photo
        }
        return (library, added)
    }

    func testRotatingSwapsTheSizeKeepsTheCopyAndIsUndone() throws {
        let (library, photos) = try library(with: [SamplePhotos.cameras[0], SamplePhotos.cameras[1]])
        let copy = try Data(contentsOf: photos[0].fileURL)
        let undo = try library.rotate(photosWithIDs: [photos[0].id, photos[1].id, 99], by: 90)
        XCTAssertEqual(undo.rotations, [photos[0].id: 90, photos[1].id: 90])
        let turned = try XCTUnwrap(try library.photo(withID: photos[0].id))
        XCTAssertEqual([turned.rotation, turned.width, turned.height], [90, photos[0].height, photos[0].width])
        _ = try library.rotate(photosWithIDs: [photos[0].id], by: -180)
        XCTAssertEqual(try library.photo(withID: photos[0].id)?.rotation, 270)
        XCTAssertEqual(try Data(contentsOf: photos[0].fileURL), copy, "the library's copy changed")
        // The undo turns back its own quarter turn, keeping the half turn given since.
        try library.undo(undo)
        XCTAssertEqual(try library.photos().map(\.rotation), [180, 0])
        XCTAssertEqual(try library.photos().map(\.width), photos.map(\.width))
        XCTAssertThrowsError(try library.rotate(photosWithIDs: [photos[0].id], by: 45)) { error in
            XCTAssertEqual(error as? LibraryError, .notAQuarterTurn(degrees: 45))
        }
    }

    func testTheRotationIsInTheSidecarAndARebuildKeepsItAndTheCamera() throws {
        let photos = try library(with: [SamplePhotos.cameras[0], SamplePhotos.landscape(orientation: 1)]) { library, photos in
            _ = try library.rotate(photosWithIDs: [photos[0].id], by: 270)
        }
        let sidecar = photos[0].fileURL.appendingPathExtension("xmp")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: sidecar), "270")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Camera", of: sidecar), "Canon EOS 40D")
        _ = try LibraryRebuild.run(directory: directory)
        let rebuilt = try XCTUnwrap(try Library(directory: directory).photo(withID: photos[0].id))
        XCTAssertEqual(rebuilt.rotation, 270)
        XCTAssertEqual(rebuilt.camera, "Canon EOS 40D")
        XCTAssertEqual([rebuilt.width, rebuilt.height], [photos[0].height, photos[0].width])
        XCTAssertEqual(try Library(directory: directory).check(), [])
    }

    func testARebuildDoesNotReadACopyWhoseSidecarSaysItNamesNoCamera() throws {
        let photos = try library(with: [SamplePhotos.landscape(orientation: 1)]).1
        let sidecar = photos[0].fileURL.appendingPathExtension("xmp")
        XCTAssertEqual((try? ExifTool.value("XMP-snapshelf:Camera", of: sidecar)) ?? "", "", "the sample names a camera after all")
        // Dated an hour back, so that writing it again, which dates it now, cannot leave it so.
        let written = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded())
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: sidecar.path)
        _ = try LibraryRebuild.run(directory: directory)
        let after = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: sidecar.path)[.modificationDate] as? Date)
        XCTAssertEqual(after, written, "the rebuild wrote the sidecar again, after reading the copy for a camera")
        XCTAssertEqual(try Library(directory: directory).photos().map(\.camera), [nil])
    }

    func testALibraryFromBeforeRotationsOpensUnrotatedAndGetsItsCamerasFromTheCopies() throws {
        let photos = try library(with: [SamplePhotos.cameras[0], SamplePhotos.cameras[1]]).1
        let database = directory.appendingPathComponent("library.sqlite3")
        try LibraryFixture.execute(
            "ALTER TABLE photos DROP COLUMN rotation; ALTER TABLE photos DROP COLUMN camera; ALTER TABLE photos DROP COLUMN original_bytes; " +
            "PRAGMA user_version = 5;", in: database)
        let reopened = try Library(directory: directory)
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: database), 13, "not brought up to this version")
        XCTAssertEqual(try reopened.photos().map(\.rotation), [0, 0])
        XCTAssertEqual(try reopened.photos().map(\.camera), ["Canon EOS 40D", "NIKON D70"])
        XCTAssertEqual(try reopened.photos().map(\.bytes), try photos.map { try Data(contentsOf: $0.fileURL).count })
    }

    func testThumbnailsAndTheViewersImageTurnOnTopOfTheEXIFOrientation() throws {
        let cache = ThumbnailCache(directory: folder.url.appendingPathComponent("thumbnails"))
        let loader = ThumbnailLoader(cache: cache, concurrency: 1)
        // Stored turned, with EXIF orientation 6: upright it is 256 × 192 at the large size.
        let photo = SamplePhotos.landscape(orientation: 6)
        for (rotation, size) in [(0, [256, 192]), (90, [192, 256]), (180, [256, 192]), (270, [192, 256])] {
            let done = expectation(description: "thumbnail \(rotation)")
            let sizes = Mutex<[Int]>([])
            loader.thumbnail(of: photo, size: .large, rotation: rotation) { result in
                sizes.withLock { $0 = (try? result.get()).map { [$0.width, $0.height] } ?? [] }
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
            XCTAssertEqual(sizes.withLock { $0 }, size, "rotation \(rotation)")
        }
        // The cache holds the file's own upright thumbnail, whatever rotation asked last.
        let cached = try cache.thumbnail(for: photo, size: .large)
        XCTAssertEqual([cached.width, cached.height], [256, 192])
        // Clockwise: the upright picture's bottom-left corner becomes the top-left one.
        let upright = try Thumbnail(decoding: photo, fittingIn: 64)
        let quarter = upright.rotated(by: 90)
        XCTAssertEqual(pixel(of: quarter, x: 0, y: 0), pixel(of: upright, x: 0, y: upright.height - 1))
        XCTAssertEqual(pixel(of: quarter, x: quarter.width - 1, y: 0), pixel(of: upright, x: 0, y: 0))
        XCTAssertEqual(pixel(of: quarter.rotated(by: 270), x: 5, y: 7), pixel(of: upright, x: 5, y: 7))
        XCTAssertTrue(upright.rotated(by: 0) === upright)
    }

    private func pixel(of thumbnail: Thumbnail, x: Int, y: Int) -> [UInt8] {
        let pixbuf = thumbnail.pixbuf
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let start = y * Int(gdk_pixbuf_get_rowstride(pixbuf)) + x * channels
        return (0..<channels).map { gdk_pixbuf_read_pixels(pixbuf)[start + $0] }
    }
}
