// Tells whether a JPEG or PNG file holds its whole image. GdkPixbuf quietly decodes a cut-off
// file and fills the missing part with grey, which would save a damaged photo as if it were fine.
import Foundation

enum ImageCompleteness {
    /// Why the file is incomplete, or nil when it is complete or of another format.
    static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.starts(with: [0xFF, 0xD8]) {
            return jpegProblem(bytes)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return pngProblem(bytes)
        }
        return nil
    }

    /// Walks the JPEG's segments and scans each scan's coded data, until the end-of-image marker.
    private static func jpegProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        var index = 2
        while index + 1 < count {
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:
                index += 1
            case 0xD9:
                return nil
            case 0x01, 0xD0...0xD7:
                index += 2
            default:
                guard index + 3 < count else { return tr("the file ends in the middle of its header") }
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                index += 2 + length
                if marker == 0xDA {
                    index = endOfCodedData(bytes, from: index)
                }
            }
        }
        return tr("the file ends before the image does; it was probably cut off while copying")
    }

    /// The index of the first marker after a scan's coded data, where a 0xFF is followed by
    /// neither a stuffed zero nor a restart marker.
    private static func endOfCodedData(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = start
        while index + 1 < bytes.count {
            // memchr skips the coded bytes far faster than a loop over them, on files of megabytes.
            guard let found = memchr(base + index, 0xFF, bytes.count - index - 1) else { break }
            index = UnsafeRawPointer(found) - base
            let next = bytes[index + 1]
            if next != 0x00 && !(0xD0...0xD7).contains(next) {
                return index
            }
            index += 1
        }
        return bytes.count
    }

    /// Walks the PNG's chunks until the IEND chunk.
    private static func pngProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        var index = 8
        while index + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[index + $1]) }
            let isEnd = bytes[index + 4] == 0x49 && bytes[index + 5] == 0x45 && bytes[index + 6] == 0x4E
                && bytes[index + 7] == 0x44
            if isEnd {
                return nil
            }
            index += 12 + length
        }
        return tr("the file ends before the image does; it was probably cut off while copying")
    }
}
