// Tells whether an image file holds its whole image, for every format whose structure says where
// it ends. GdkPixbuf quietly decodes a cut-off JPEG, PNG, GIF, WebP, ICO, BMP or PNM file and fills the
// missing part with grey or black, which would save a damaged photo as if it were fine. The walks
// read the file through a window, a few bytes at a time, never the whole file at once. They are
// Snapshelf's own, run in the decoder, because no library at hand says it: GdkPixbuf's loaders,
// libjpeg and libpng among them, report a short file only as a warning some of them give.
import Foundation

enum ImageCompleteness {
    /// Whether the file open at `descriptor` ends before its image does; false when it is complete
    /// or of a format without such a structure.
    static func isCutOff(fileOpenAs descriptor: Int32) -> Bool {
        guard var window = ByteWindow(descriptor: descriptor) else { return false }
        let complete: Bool? =
            if window.matches([0xFF, 0xD8], at: 0) { jpegIsComplete(&window) }
            else if window.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { pngIsComplete(&window) }
            else if window.matches(Array("GIF8".utf8), at: 0) { gifIsComplete(&window) }
            else if window.matches(Array("RIFF".utf8), at: 0) && window.matches(Array("WEBP".utf8), at: 8) {
                webpIsComplete(&window)
            } else if window.matches([0, 0, 1, 0], at: 0) || window.matches([0, 0, 2, 0], at: 0) { iconIsComplete(&window) }
            else { RasterSize.isComplete(&window) }
        return complete == false
    }

    /// Walks the JPEG's segments and scans each scan's coded data, until the end-of-image marker.
    private static func jpegIsComplete(_ window: inout ByteWindow) -> Bool {
        var index = 2
        while let byte = window.byte(at: index), let marker = window.byte(at: index + 1) {
            guard byte == 0xFF else {
                // Stray bytes between segments, which decoders skip: found with memchr, not a loop.
                guard let next = window.firstIndex(of: 0xFF, from: index) else { return false }
                index = next
                continue
            }
            switch marker {
            case 0xFF:
                index += 1
            case 0xD9:
                return true
            case 0x01, 0xD0...0xD7:
                index += 2
            default:
                guard let length = window.number(at: index + 2, count: 2, bigEndian: true) else { return false }
                index += 2 + length
                if marker == 0xDA {
                    guard let end = endOfCodedData(&window, from: index) else { return false }
                    index = end
                }
            }
        }
        return false
    }

    /// The offset of the first marker after a scan's coded data, where a 0xFF is followed by
    /// neither a stuffed zero nor a restart marker; nil when the file ends first.
    private static func endOfCodedData(_ window: inout ByteWindow, from start: Int) -> Int? {
        var index = start
        while let marker = window.firstIndex(of: 0xFF, from: index) {
            guard let next = window.byte(at: marker + 1) else { return nil }
            if next != 0x00 && !(0xD0...0xD7).contains(next) {
                return marker
            }
            index = marker + 1
        }
        return nil
    }

    /// Walks the PNG's chunks until the IEND chunk.
    private static func pngIsComplete(_ window: inout ByteWindow) -> Bool {
        var index = 8
        while let length = window.number(at: index, count: 4, bigEndian: true) {
            if window.matches(Array("IEND".utf8), at: index + 4) {
                return true
            }
            index += 12 + length
        }
        return false
    }

    /// Walks the GIF's blocks, each image's data in sub-blocks of up to 255 bytes, until the trailer.
    private static func gifIsComplete(_ window: inout ByteWindow) -> Bool {
        guard let screenFlags = window.byte(at: 10) else { return false }
        var index = 13 + colorTableSize(screenFlags)
        while let introducer = window.byte(at: index) {
            switch introducer {
            case 0x3B:
                return true
            case 0x21:
                // An extension: its label, then sub-blocks.
                index += 2
            case 0x2C:
                // An image: its descriptor, a local colour table, the LZW code size, then sub-blocks.
                guard let flags = window.byte(at: index + 9) else { return false }
                index += 10 + colorTableSize(flags) + 1
            default:
                return false
            }
            while let length = window.byte(at: index), length > 0 {
                index += 1 + Int(length)
            }
            guard index < window.size else { return false }
            index += 1
        }
        return false
    }

    private static func colorTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The RIFF container declares its size, and each chunk inside it declares its own.
    private static func webpIsComplete(_ window: inout ByteWindow) -> Bool {
        guard let declared = window.number(at: 4, count: 4, bigEndian: false), 8 + declared <= window.size else { return false }
        var index = 12
        while index + 8 <= 8 + declared {
            guard let length = window.number(at: index + 4, count: 4, bigEndian: false),
                  index + 8 + length <= window.size else { return false }
            index += 8 + length + length % 2
        }
        return true
    }

    /// An icon or cursor file lists its images, each with its offset and size.
    private static func iconIsComplete(_ window: inout ByteWindow) -> Bool {
        guard let count = window.number(at: 4, count: 2, bigEndian: false), count > 0 else { return false }
        for index in 0..<count {
            let entry = 6 + index * 16
            guard let size = window.number(at: entry + 8, count: 4, bigEndian: false),
                  let offset = window.number(at: entry + 12, count: 4, bigEndian: false),
                  offset + size <= window.size else { return false }
        }
        return true
    }
}
