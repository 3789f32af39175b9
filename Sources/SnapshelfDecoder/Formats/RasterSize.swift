// The formats whose header gives the size of their pixel data: BMP and the Netpbm family (PBM,
// PGM, PPM). A file shorter than its header says was cut off, though GdkPixbuf decodes it anyway.
import Foundation

enum RasterSize {
    /// Whether the file holds all the pixel data its header declares; nil for other formats, or
    /// where the header does not say (a compressed BMP without its image size).
    static func isComplete(_ window: inout ByteWindow) -> Bool? {
        if window.matches(Array("BM".utf8), at: 0) {
            return bmpIsComplete(&window)
        }
        if window.byte(at: 0) == UInt8(ascii: "P"), let kind = window.byte(at: 1), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(kind) {
            return netpbmIsComplete(&window, kind: Int(kind - UInt8(ascii: "0")))
        }
        return nil
    }

    private static func bmpIsComplete(_ window: inout ByteWindow) -> Bool? {
        guard let pixelsStart = window.number(at: 10, count: 4, bigEndian: false),
              let headerSize = window.number(at: 14, count: 4, bigEndian: false) else { return false }
        let core = headerSize == 12
        guard let width = window.number(at: 18, count: core ? 2 : 4, bigEndian: false),
              let storedHeight = window.number(at: core ? 20 : 22, count: core ? 2 : 4, bigEndian: false),
              let bitsPerPixel = window.number(at: core ? 24 : 28, count: 2, bigEndian: false),
              let compression = core ? 0 : window.number(at: 30, count: 4, bigEndian: false),
              let imageSize = core ? 0 : window.number(at: 34, count: 4, bigEndian: false) else { return false }
        // A negative height, stored as two's complement, means the rows run top to bottom.
        let height = core ? storedHeight : abs(Int(Int32(truncatingIfNeeded: storedHeight)))
        switch compression {
        case 0, 3, 6:
            // Uncompressed rows, each padded to four bytes.
            let rowBytes = (width * bitsPerPixel + 31) / 32 * 4
            guard let size = product([rowBytes, height]) else { return false }
            return fits(size, from: pixelsStart, in: window)
        default:
            return imageSize > 0 ? fits(imageSize, from: pixelsStart, in: window) : nil
        }
    }

    /// P1 to P3 hold their samples as text, P4 to P6 as bytes; P1 and P4 are bitmaps without a
    /// maximum value, P3 and P6 have three samples a pixel.
    private static func netpbmIsComplete(_ window: inout ByteWindow, kind: Int) -> Bool {
        var index = 2
        var header: [Int] = []
        let fields = kind == 1 || kind == 4 ? 2 : 3
        while header.count < fields {
            guard let value = number(in: &window, at: &index) else { return false }
            header.append(value)
        }
        let channels = kind == 3 || kind == 6 ? 3 : 1
        guard let samples = product([header[0], header[1], channels]) else { return false }
        switch kind {
        case 4:
            // One whitespace byte ends the header; each row is padded to whole bytes.
            guard let size = product([(header[0] + 7) / 8, header[1]]) else { return false }
            return fits(size, from: index + 1, in: window)
        case 5, 6:
            guard let size = product([samples, header[2] < 256 ? 1 : 2]) else { return false }
            return fits(size, from: index + 1, in: window)
        default:
            var found = 0
            while found < samples {
                if kind == 1 {
                    // Bitmap samples may be written without spaces between them.
                    guard let byte = skipSpace(in: &window, at: &index) else { return false }
                    index += 1
                    guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return false }
                } else {
                    guard number(in: &window, at: &index) != nil else { return false }
                }
                found += 1
            }
            return true
        }
    }

    /// The decimal number at the index, after any whitespace and comments; the index moves past it.
    private static func number(in window: inout ByteWindow, at index: inout Int) -> Int? {
        guard skipSpace(in: &window, at: &index) != nil else { return nil }
        var value = 0
        var digits = 0
        while let byte = window.byte(at: index), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            // Anything longer is no size a file could hold; the overflow would only mislead.
            guard digits < 12 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// Moves the index past whitespace and `#` comments; the byte it stops at, nil at the end.
    private static func skipSpace(in window: inout ByteWindow, at index: inout Int) -> UInt8? {
        while let byte = window.byte(at: index) {
            if byte == UInt8(ascii: "#") {
                while let skipped = window.byte(at: index), skipped != 0x0A, skipped != 0x0D { index += 1 }
            } else if [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(byte) {
                index += 1
            } else {
                return byte
            }
        }
        return nil
    }

    /// Whether `size` bytes from `start` lie within the file; a declared size near the largest
    /// number must not overflow into a small one, so nothing is added to it.
    private static func fits(_ size: Int, from start: Int, in window: ByteWindow) -> Bool {
        start <= window.size && size <= window.size - start
    }

    /// The product, or nil when it would not fit: a header declaring that much is not a real file.
    private static func product(_ factors: [Int]) -> Int? {
        var result = 1
        for factor in factors {
            let (value, overflow) = result.multipliedReportingOverflow(by: factor)
            guard !overflow, factor >= 0 else { return nil }
            result = value
        }
        return result
    }
}
