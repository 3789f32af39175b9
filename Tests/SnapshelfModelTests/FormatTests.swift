// Every format a phone, a camera or the web gives photos in imports with its displayed size, and
// shows upright in its thumbnail and in the viewer; a HEIF's or AVIF's turn is applied once.
import CGdkPixbuf
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class FormatTests: LibraryTestCase {
    /// Made in the test's own folder, which exists only once the test has begun.
    private func samples() throws -> FormatSamples {
        try FormatSamples(in: folder.url, from: SamplePhotos.landscape(orientation: 6))
    }

    func testEveryFormatImportsUprightAndShowsUprightInItsThumbnailAndTheViewer() throws {
        let samples = try samples()
        let formats = try samples.all()
        let cache = ThumbnailCache(directory: folder.url.appendingPathComponent("thumbnails"))
        var results: [Result<ImportOutcome, ImportError>] = []
        try BatchImport(thumbnails: cache).run(formats.map(\.file), label: try Label("formats"), libraryDirectory: directory) {
            results.append($0.result)
        }
        XCTAssertEqual(results.count, formats.count)
        for (format, result) in zip(formats, results) {
            let photo = try result.get().photo
            XCTAssertEqual([photo.width, photo.height], [600, 450], "\(format.name): the size as displayed")
            XCTAssertEqual(cache.entry(for: photo.fileURL, size: .large), .valid, format.name)
            let thumbnail = try Thumbnail(decoding: cache.location(of: photo.fileURL, size: .large), fittingIn: 256)
            XCTAssertEqual([thumbnail.width, thumbnail.height], [256, 192], format.name)
            let tile = Uprightness(of: thumbnail.pixbuf, against: samples.upright)
            XCTAssertTrue(tile.isUpright, "\(format.name)'s thumbnail \(tile)")
            // What the viewer decodes: at the window's size, which this photo is smaller than.
            let viewed = try Thumbnail(decoding: photo.fileURL, fittingIn: 1024)
            XCTAssertEqual([viewed.width, viewed.height], [600, 450], format.name)
            let view = Uprightness(of: viewed.pixbuf, against: samples.upright)
            XCTAssertTrue(view.isUpright, "\(format.name) in the viewer \(view)")
        }
    }

    func testAHEICsTurnIsAppliedOnceWhetherItIsInItsEXIFOrInItsBoxes() throws {
        let samples = try samples()
        // heif-enc keeps the JPEG's EXIF orientation and writes no irot: only EXIF turns it.
        let heic = try samples.encoded("heif-enc", ["-q", "90", samples.source.path, "-o"], "heic")
        XCTAssertEqual(try ExifTool.run(["-s3", "-n", "-Orientation", "-Rotation", heic.path]), "6\n")
        // A phone's HEIC has both, as avifenc writes them: irot, which libheif applies, and EXIF saying the same.
        let phone = try samples.encoded("avifenc", ["-s", "8", samples.source.path], "avif")
        XCTAssertEqual(try ExifTool.run(["-s3", "-n", "-Orientation", "-Rotation", phone.path]), "6\n270\n")
        for (file, applied) in [(heic, 6), (phone, 1)] {
            let decoded = try Thumbnail(decoding: file, fittingIn: 1024)
            XCTAssertEqual(decoded.orientation, applied, file.lastPathComponent)
            let upright = Uprightness(of: decoded.pixbuf, against: samples.upright)
            XCTAssertTrue(upright.isUpright, "\(file.lastPathComponent) \(upright)")
            let candidate = try candidate(file)
            XCTAssertEqual([candidate.width, candidate.height], [600, 450], file.lastPathComponent)
        }
    }

    func testAPictureTurnedTheWrongWayIsToldApart() throws {
        // Else the checks above would prove nothing.
        let samples = try samples()
        let sideways = try Thumbnail(decoding: samples.encoded("cwebp", ["-quiet", samples.source.path, "-o"], "webp"),
                                     fittingIn: 1024)
        XCTAssertEqual(Uprightness(of: sideways.pixbuf, against: samples.upright).betterTurn?.degrees, 90)
        let upsideDown = gdk_pixbuf_rotate_simple(samples.upright, GDK_PIXBUF_ROTATE_UPSIDEDOWN)!
        defer { g_object_unref(UnsafeMutableRawPointer(upsideDown)) }
        XCTAssertFalse(Uprightness(of: upsideDown, against: samples.upright).isUpright)
        let mirrored = gdk_pixbuf_flip(samples.upright, 1)!
        defer { g_object_unref(UnsafeMutableRawPointer(mirrored)) }
        XCTAssertEqual(Uprightness(of: mirrored, against: samples.upright).betterTurn?.mirrored, true)
        let another = try Thumbnail(decoding: SamplePhotos.cameras[0], fittingIn: 1024)
        let unlike = Uprightness(of: another.pixbuf, against: samples.upright)
        XCTAssertGreaterThan(unlike.difference, 25, "another photo \(unlike)")
    }
}
