// Thumbnails encoded by Snapshelf's own PNG writer and Huffman coder read back through GdkPixbuf,
// libpng and zlib, and through a reader of Python's own, pixel for pixel, for images of every kind
// the coder's edge cases come from.
import CGdkPixbuf
import CZlib
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ThumbnailPNGTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    /// An image whose pixels `value` gives, from x, y and the channel.
    private func image(width: Int, height: Int, alpha: Bool, _ value: (Int, Int, Int) -> UInt8) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        let channels = alpha ? 4 : 3
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<channels {
                    pixels[y * rowstride + x * channels + channel] = value(x, y, channel)
                }
            }
        }
        return pixbuf
    }

    /// The RGBA bytes of an image, row after row, as the encoder writes them.
    private func rgba(_ pixbuf: OpaquePointer) -> [UInt8] {
        let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).flatMap { y in
            (0..<width).flatMap { x in
                (0..<4).map { channel in channel < channels ? pixels[y * rowstride + x * channels + channel] : 255 }
            }
        }
    }

    private func decoded(_ png: [UInt8]) throws -> OpaquePointer {
        let loader = gdk_pixbuf_loader_new_with_type("png", nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        let written = png.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        // Closed whatever happened, so the loader is not left half-fed; its error then is of no interest.
        let closed = gdk_pixbuf_loader_close(loader, nil)
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw NSError(domain: "png", code: 1, userInfo: [NSLocalizedDescriptionKey: error.map { String(cString: $0.pointee.message) } ?? "no image"])
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    /// An image whose Sub-filtered bytes, the ones the coder counts, occur as often as the
    /// Fibonacci numbers: 22 bytes so skewed make a Huffman tree deeper than deflate's 15 bits.
    private func skewedImage() -> OpaquePointer {
        var differences = (0..<22).flatMap { symbol in
            [UInt8](repeating: UInt8(symbol * 11), count: (0..<symbol).reduce((0, 1)) { pair, _ in (pair.1, pair.0 + pair.1) }.1)
        }
        differences.shuffle()
        let width = 256
        let rows = differences.count / (width * 4) + 1
        differences += [UInt8](repeating: 0, count: rows * width * 4 - differences.count)
        // Each byte is the one before it in its channel plus its difference, as Sub undoes.
        var values = differences
        for index in values.indices where index % (width * 4) >= 4 {
            values[index] = values[index - 4] &+ differences[index]
        }
        return image(width: width, height: rows, alpha: true) { x, y, channel in values[(y * width + x) * 4 + channel] }
    }

    func testEveryKindOfImageReadsBackPixelForPixel() throws {
        var noise = SystemRandomNumberGenerator()
        let photo = try Thumbnail(decoding: SamplePhotos.cameras[0], fittingIn: 256)
        let images: [(String, OpaquePointer)] = [
            ("one pixel", image(width: 1, height: 1, alpha: false) { _, _, _ in 7 }),
            ("one colour", image(width: 256, height: 192, alpha: false) { _, _, channel in [0x33, 0x66, 0x99][channel] }),
            ("a gradient", image(width: 256, height: 170, alpha: false) { x, y, channel in UInt8((x * (channel + 1) + y) & 0xFF) }),
            ("noise, every byte as likely", image(width: 256, height: 256, alpha: true) { _, _, _ in UInt8.random(in: 0...255, using: &noise) }),
            ("codes deeper than 15 bits", skewedImage()),
            ("a row longer than a block", image(width: 20_000, height: 1, alpha: false) { x, _, _ in UInt8(x % 251) }),
        ]
        defer { images.forEach { g_object_unref(UnsafeMutableRawPointer($0.1)) } }
        for (name, pixbuf) in images + [("a photo", photo.pixbuf)] {
            let png = try XCTUnwrap(ThumbnailPNG.encode(pixbuf, text: [(key: "Thumb::URI", value: "file:///photo.jpg")]), name)
            let back = try decoded(png)
            defer { g_object_unref(UnsafeMutableRawPointer(back)) }
            XCTAssertEqual(gdk_pixbuf_get_n_channels(back), gdk_pixbuf_get_n_channels(pixbuf), name)
            XCTAssertEqual(rgba(back), rgba(pixbuf), name)
        }
    }

    /// The PNG's one IDAT chunk, as the encoder writes it.
    private func imageData(of png: [UInt8]) throws -> [UInt8] {
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { return Array(png[offset + 8..<offset + 8 + length]) }
            offset += 12 + length
        }
        throw NSError(domain: "png", code: 2, userInfo: [NSLocalizedDescriptionKey: "no IDAT chunk"])
    }

    func testPhotosThumbnailsAreNoLargerThanZlibsOwnHuffmanCodingMakesThem() throws {
        // Summed over the samples, since on one small and noisy thumbnail zlib's two blocks for
        // 16,384 bytes each can fit a little better than one code.
        var (ours, zlibs) = (0, 0)
        for sample in SamplePhotos.cameras {
            let thumbnail = try Thumbnail(decoding: sample, fittingIn: 256)
            let compressed = try imageData(of: try XCTUnwrap(ThumbnailPNG.encode(thumbnail.pixbuf, text: [])))
            // The same filtered rows, inflated back, through zlib's Huffman-only strategy.
            let rows = thumbnail.height * (thumbnail.width * Int(gdk_pixbuf_get_n_channels(thumbnail.pixbuf)) + 1)
            var filtered = [UInt8](repeating: 0, count: rows)
            var length = uLongf(rows)
            XCTAssertEqual(uncompress(&filtered, &length, compressed, uLong(compressed.count)), Z_OK)
            XCTAssertEqual(Int(length), rows)
            var stream = z_stream()
            XCTAssertEqual(deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_HUFFMAN_ONLY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)), Z_OK)
            var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(filtered.count))))
            let result = filtered.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    (stream.next_in, stream.avail_in) = (source.baseAddress, uInt(source.count))
                    (stream.next_out, stream.avail_out) = (target.baseAddress, uInt(target.count))
                    return deflate(&stream, Z_FINISH)
                }
            }
            XCTAssertEqual(result, Z_STREAM_END)
            deflateEnd(&stream)
            (ours, zlibs) = (ours + compressed.count, zlibs + Int(stream.total_out))
        }
        XCTAssertLessThanOrEqual(ours, zlibs + zlibs / 100)
    }

    /// Read by a reader of its own (Python's zlib and struct): an 8-bit PNG, not interlaced, RGB
    /// for a pixbuf without alpha and RGBA for one with it, as GdkPixbuf's saver and
    /// gdk-pixbuf-thumbnailer write them; each row by the filter whose bytes cost the fewest bits,
    /// which makes photos' thumbnails no larger than the thumbnailer's; and the pixels exactly the pixbuf's.
    func testAnIndependentReaderFindsEachRowsCheapestFilterInThePixbufsOwnChannels() throws {
        let folder = TemporaryDirectory()
        let photo = try Thumbnail(decoding: SamplePhotos.cameras[0], fittingIn: 256)
        let translucent = image(width: 37, height: 23, alpha: true) { x, y, channel in UInt8((x * 7 + y * 13 + channel * 50) & 0xFF) }
        defer { g_object_unref(UnsafeMutableRawPointer(translucent)) }
        for (name, pixbuf, colourType) in [("a photo", photo.pixbuf, 2), ("an image with alpha", translucent, 6)] {
            let file = folder.url.appendingPathComponent("\(name).png")
            let png = try XCTUnwrap(ThumbnailPNG.encode(pixbuf, text: [(key: "Thumb::URI", value: "file:///photo.jpg"),
                                                                       (key: "Thumb::MTime", value: "1700000000")]), name)
            try Data(png).write(to: file)
            let read = try IndependentPNG(reading: file)
            XCTAssertEqual([read.width, read.height], [Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf))], name)
            XCTAssertEqual([read.depth, read.colourType, read.interlace], [8, colourType, 0], name)
            XCTAssertEqual(read.rowsOfTheCheapestFilter, read.height, "\(name): rows not filtered by their cheapest filter")
            XCTAssertEqual(read.text, ["Thumb::URI": "file:///photo.jpg", "Thumb::MTime": "1700000000"], name)
            XCTAssertTrue(read.pixels == IndependentPNG.hex(of: pixbuf), "\(name): the pixels do not read back the same")
        }
    }
}
