// The app's own reader of cached thumbnails, set against GdkPixbuf's (libpng's) reading of the
// same files, pixel for pixel: PNGs that libpng wrote with its adaptive filters, with and without
// alpha, and those Snapshelf writes; and files it must leave to a decoder, damaged or of another
// kind, for which it gives nothing rather than wrong pixels.
import CGdkPixbuf
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class CachedPNGTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    private var scratch: TemporaryDirectory!

    override func setUp() {
        scratch = TemporaryDirectory()
    }

    override func tearDown() {
        scratch = nil
    }

    /// A photo at thumbnail size, as GdkPixbuf decodes it, with an alpha channel or without.
    private func photo(alpha: Bool) throws -> OpaquePointer {
        let decoded = try XCTUnwrap(gdk_pixbuf_new_from_file_at_size(SamplePhotos.cameras[1].path, 256, 256, nil))
        guard alpha else { return decoded }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        return try XCTUnwrap(gdk_pixbuf_add_alpha(decoded, 0, 0, 0, 0))
    }

    /// Saved by libpng, which picks a filter for each row.
    private func savedByLibpng(_ pixbuf: OpaquePointer, named name: String) throws -> URL {
        let url = scratch.url.appendingPathComponent(name)
        var error: UnsafeMutablePointer<GError>?
        XCTAssertEqual(gdk_pixbuf_savev(pixbuf, url.path, "png", nil, nil, &error), 1)
        return url
    }

    private func pixels(_ pixbuf: OpaquePointer) -> [[UInt8]] {
        let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        let line = width * Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let bytes = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).map { y in Array(UnsafeBufferPointer(start: bytes + y * rowstride, count: line)) }
    }

    private func assertReadAsGdkPixbufReadsIt(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try XCTUnwrap(gdk_pixbuf_new_from_file(url.path, nil), file: file, line: line)
        defer { g_object_unref(UnsafeMutableRawPointer(expected)) }
        let read = try XCTUnwrap(CachedPNG.pixbuf(at: url, largestSide: 256), "not read: \(url.lastPathComponent)", file: file, line: line)
        defer { g_object_unref(UnsafeMutableRawPointer(read)) }
        XCTAssertEqual(gdk_pixbuf_get_n_channels(read), gdk_pixbuf_get_n_channels(expected), file: file, line: line)
        XCTAssertEqual(pixels(read), pixels(expected), "other pixels than libpng's in \(url.lastPathComponent)", file: file, line: line)
    }

    func testReadsWhatLibpngAndSnapshelfWriteAsLibpngReadsIt() throws {
        for alpha in [false, true] {
            let pixbuf = try photo(alpha: alpha)
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            try assertReadAsGdkPixbufReadsIt(try savedByLibpng(pixbuf, named: "libpng-\(alpha).png"))
            let own = scratch.url.appendingPathComponent("snapshelf-\(alpha).png")
            try Data(try XCTUnwrap(ThumbnailPNG.encode(pixbuf, text: [(key: "Thumb::MTime", value: "1")]))).write(to: own)
            try assertReadAsGdkPixbufReadsIt(own)
        }
    }

    func testLeavesDamagedAndOtherPNGsToADecoder() throws {
        let pixbuf = try photo(alpha: false)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let good = try [UInt8](Data(contentsOf: try savedByLibpng(pixbuf, named: "good.png")))
        XCTAssertNotNil(CachedPNG.pixbuf(from: good, largestSide: 256))
        XCTAssertNil(CachedPNG.pixbuf(from: good, largestSide: 128), "a PNG larger than its size was read")
        // Cut anywhere: in the header, the pixels or before the end.
        for length in [0, 7, 20, 33, 60, good.count / 2, good.count - 13, good.count - 1] {
            XCTAssertNil(CachedPNG.pixbuf(from: Array(good.prefix(length)), largestSide: 256), "a PNG cut at \(length) bytes was read")
        }
        // The IHDR's fields start at 16: width, height, bit depth at 24, colour type, compression,
        // filter method, interlace at 28.
        for (offset, value) in [(24, UInt8(16)), (25, 3), (25, 0), (26, 1), (27, 1), (28, 1), (16, 0x7F)] {
            var other = good
            other[offset] = value
            XCTAssertNil(CachedPNG.pixbuf(from: other, largestSide: 256), "byte \(offset) set to \(value) was read")
        }
        // A flipped bit in the compressed pixels fails zlib's checksum rather than giving other pixels.
        var flipped = good
        flipped[good.count / 2] ^= 0x10
        XCTAssertNil(CachedPNG.pixbuf(from: flipped, largestSide: 256), "damaged pixels were read")
        XCTAssertNil(CachedPNG.pixbuf(at: SamplePhotos.cameras[0], largestSide: 256), "a JPEG was read")
    }

    /// Chunks a hostile writer of the cache might put after the IHDR: neither reader of cached
    /// thumbnails may trap on them or take them, and both leave the file to be made again.
    func testHostileChunksAreRefusedByBothReadersWithoutTrapping() throws {
        let pixbuf = try photo(alpha: false)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let good = try [UInt8](Data(contentsOf: try savedByLibpng(pixbuf, named: "good.png")))
        let text = Array("tEXt".utf8)
        let hostile: [(String, [UInt8])] = [
            // The reader looked for the keyword's NUL in the CRC too, and sliced backwards.
            ("a tEXt with no NUL but one in its CRC", [0, 0, 0, 3] + text + Array("abc".utf8) + [0, 0, 0, 0]),
            ("a tEXt with a wrong CRC", [0, 0, 0, 3] + text + [0x61, 0, 0x62] + [1, 2, 3, 4]),
            ("a length of 2^32 - 1", [0xFF, 0xFF, 0xFF, 0xFF] + text + [0, 0, 0, 0]),
            ("a length of 2^31", [0x80, 0, 0, 0] + text + [0, 0, 0, 0]),
            ("a length past the end", [0, 0x10, 0, 0] + text + [0, 0, 0, 0]),
        ]
        let url = scratch.url.appendingPathComponent("hostile.png")
        for (what, chunk) in hostile {
            let bytes = Array(good.prefix(33)) + chunk + Array(good.dropFirst(33))
            try Data(bytes).write(to: url)
            XCTAssertNil(PNGText(contentsOf: url), "\(what) was read as text")
            XCTAssertNil(CachedPNG.pixbuf(from: bytes, largestSide: 256), "\(what) was read as pixels")
        }
        // Any byte of the header and first chunks set to any of a few values: read or refused, never a trap.
        for offset in 8..<min(good.count, 120) {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF] {
                var other = good
                other[offset] = value
                try Data(other).write(to: url)
                _ = PNGText(contentsOf: url)
                if let read = CachedPNG.pixbuf(from: other, largestSide: 256) { g_object_unref(UnsafeMutableRawPointer(read)) }
            }
        }
    }

    /// The text of a thumbnail is read for every tile: a file larger than any thumbnail is not
    /// read at all, so a sparse one whose chunks claim gigabytes costs neither memory nor time.
    func testAFileLargerThanAnyThumbnailIsNotRead() throws {
        let pixbuf = try photo(alpha: false)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let good = try XCTUnwrap(ThumbnailPNG.encode(pixbuf, text: [(key: "Thumb::MTime", value: "1")]))
        let url = scratch.url.appendingPathComponent("large.png")
        try Data(good).write(to: url)
        XCTAssertEqual(PNGText(contentsOf: url)?["Thumb::MTime"], "1")
        // The thumbnail, then a hole to 2 GiB, which the disk does not store.
        XCTAssertEqual(truncate(url.path, 2 << 30), 0)
        XCTAssertNil(PNGText(contentsOf: url), "a file of 2 GiB was read")
        // A tEXt chunk claiming 1.5 GiB after the header, in a sparse file long enough to hold it.
        try Data(Array(good.prefix(33)) + [0x60, 0, 0, 0] + Array("tEXt".utf8)).write(to: url)
        XCTAssertEqual(truncate(url.path, 0x6000_0000 + (1 << 20)), 0)
        XCTAssertNil(PNGText(contentsOf: url), "a chunk of 1.5 GiB was read")
    }
}
