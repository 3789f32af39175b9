// A thumbnail encoded as the PNG the freedesktop.org standard asks for (8-bit RGBA, with its
// tEXt keys), written here rather than through GdkPixbuf's saver: libpng tries five filters on
// every row to pick one, which with zlib took a sixth of an import's time. Thumbnails of photos
// compress almost as well with the Sub filter on every row, at zlib's fastest level.
import CGdkPixbuf
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
        guard let compressed = deflate(rows(of: pixels, width: width, height: height, channels: channels, rowstride: rowstride)) else {
            return nil
        }
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

    /// The bytes in a zlib stream at the fastest level, through GIO's zlib.
    private static func deflate(_ input: [UInt8]) -> [UInt8]? {
        let compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 1)!
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            var read: gsize = 0
            var written: gsize = 0
            let result = input.withUnsafeBytes { bytes in
                chunk.withUnsafeMutableBytes { out in
                    g_converter_convert(compressor, bytes.baseAddress! + offset, gsize(input.count - offset),
                                        out.baseAddress, gsize(out.count), G_CONVERTER_INPUT_AT_END, &read, &written, nil)
                }
            }
            guard result != G_CONVERTER_ERROR else { return nil }
            offset += Int(read)
            output += chunk.prefix(Int(written))
            if result == G_CONVERTER_FINISHED { return output }
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        file += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes {
                    crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                }
                return ~crc
            }
        }
    }
}
