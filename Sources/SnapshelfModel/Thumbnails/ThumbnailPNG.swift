// A thumbnail encoded as the PNG the freedesktop.org standard asks for (8-bit RGBA, with its
// tEXt keys), written here rather than through GdkPixbuf's saver: libpng tries five filters on
// every row to pick one, which with zlib took a sixth of an import's time. Thumbnails of photos
// compress almost as well with the Sub filter on every row and Huffman coding alone, which the
// Sub filter's small numbers suit (see `HuffmanDeflate`).
import CGdkPixbuf
import CZlib
import Foundation

enum ThumbnailPNG {
    /// The PNG file's bytes, or nil for a pixbuf that is not 8-bit RGB or RGBA, or text that is
    /// not Latin-1 as tEXt must be.
    static func encode(_ pixbuf: OpaquePointer, text: [(key: String, value: String)]) -> [UInt8]? {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4, width > 0, height > 0,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Width, height, 8 bits, RGBA, deflate, adaptive filtering, no interlace.
        appendChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0], to: &file)
        for (key, value) in text {
            guard let key = key.data(using: .isoLatin1), let value = value.data(using: .isoLatin1) else { return nil }
            appendChunk("tEXt", [UInt8](key) + [0] + [UInt8](value), to: &file)
        }
        let compressed = rows(of: pixels, width: width, height: height, channels: channels, rowstride: rowstride)
            .withUnsafeBufferPointer(HuffmanDeflate.zlibStream)
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// The rows as RGBA, each after its filter byte: Sub, each byte less the one a pixel before.
    private static func rows(of pixels: UnsafePointer<guchar>, width: Int, height: Int, channels: Int, rowstride: Int) -> [UInt8] {
        let line = width * 4 + 1
        return [UInt8](unsafeUninitializedCapacity: line * height) { buffer, count in
            for y in 0..<height {
                let source = pixels + y * rowstride
                let row = buffer.baseAddress! + y * line
                row[0] = 1
                var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                for x in 0..<width {
                    let pixel = source + x * channels
                    let current = (pixel[0], pixel[1], pixel[2], channels == 4 ? pixel[3] : 255)
                    let out = row + 1 + x * 4
                    out[0] = current.0 &- previous.0
                    out[1] = current.1 &- previous.1
                    out[2] = current.2 &- previous.2
                    out[3] = current.3 &- previous.3
                    previous = current
                }
            }
            count = line * height
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        file += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
    }
}
