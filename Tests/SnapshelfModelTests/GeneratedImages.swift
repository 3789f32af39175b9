// Images the tests make themselves: sizes and defects the shared samples do not have.
import CGdkPixbuf
import Foundation

enum GeneratedImages {
    /// A JPEG of the given size, filled with a gradient so it compresses like a photo would not.
    static func jpeg(width: Int, height: Int, quality: Int = 40) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
        return save(pixbuf, type: "jpeg", options: [("quality", "\(quality)")])
    }

    static func png(width: Int, height: Int) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0xCC88_44FF)
        return save(pixbuf, type: "png", options: [])
    }

    /// A tiny, well-formed PNG whose header declares a huge image: a decompression bomb's shape.
    static func pngDeclaring(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: width)
        header.append(bigEndian: height)
        header.append(contentsOf: [8, 6, 0, 0, 0])
        data.append(chunk: "IHDR", header)
        data.append(chunk: "IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
        data.append(chunk: "IEND", Data())
        return data
    }

    private static func save(_ pixbuf: OpaquePointer, type: String, options: [(String, String)]) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys = options.map { strdup($0.0) } + [nil]
        var values = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        precondition(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, nil) != 0)
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Appends a PNG chunk with its length and CRC.
    mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: crc32(typed))
    }

    func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
