// Files with exact defects, built byte by byte, for the tests of bad input.
import Foundation

public enum CraftedFiles {
    /// A tiny, well-formed PNG whose header declares a huge image: a decompression bomb's shape.
    public static func pngDeclaring(width: UInt32, height: UInt32) -> Data {
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

    /// The start of a HEIC file and no more: damaged where a HEIF loader is installed, and of
    /// a format Snapshelf cannot read where none is.
    public static var heic: Data {
        Data([0, 0, 0, 0x18]) + Data("ftypheic".utf8) + Data([0, 0, 0, 0]) + Data("mif1heic".utf8) + Data(count: 200)
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
        append(bigEndian: Self.crc32(typed))
    }

    static func crc32(_ bytes: Data) -> UInt32 {
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
