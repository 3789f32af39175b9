// Reads when a photo was taken from its EXIF data (DateTimeOriginal), which GdkPixbuf does not
// expose. Only JPEG files carry EXIF in the APP1 segment read here; other formats have no date.
import Foundation

enum ExifDate {
    /// The moment the camera recorded, read as local time as cameras write it; nil when the file
    /// has no such date or it cannot be read.
    static func dateTaken(in bytes: UnsafeRawBufferPointer) -> Date? {
        guard let tiff = exifPayload(in: bytes) else { return nil }
        let reader = TIFFReader(bytes: tiff)
        guard let ifd0 = reader.firstIFDOffset,
              let exifIFD = reader.entry(tag: 0x8769, inIFDAt: ifd0).flatMap(reader.longValue),
              let text = reader.entry(tag: 0x9003, inIFDAt: Int(exifIFD)).flatMap(reader.asciiValue)
        else { return nil }
        return parse(text)
    }

    /// "YYYY:MM:DD HH:MM:SS", the only form EXIF allows.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard fields.count == 6, fields[0] > 1800 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (fields[0], fields[1], fields[2])
        (components.hour, components.minute, components.second) = (fields[3], fields[4], fields[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// The TIFF structure inside the JPEG's "Exif" APP1 segment.
    private static func exifPayload(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            // The metadata segments come before the image data; past them there is no EXIF.
            guard marker != 0xDA, marker != 0xD9, length >= 2 else { return nil }
            let start = index + 4
            let end = index + 2 + length
            guard end <= bytes.count else { return nil }
            if marker == 0xE1, end - start > 6, Array(bytes[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return UnsafeRawBufferPointer(rebasing: bytes[(start + 6)..<end])
            }
            index = end
        }
        return nil
    }

    private struct TIFFReader {
        let bytes: UnsafeRawBufferPointer
        let bigEndian: Bool

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            bigEndian = bytes.count >= 2 && bytes[0] == 0x4D
        }

        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ offset: Int) -> Int? {
            guard let high = u16(bigEndian ? offset : offset + 2), let low = u16(bigEndian ? offset + 2 : offset)
            else { return nil }
            return high << 16 | low
        }

        var firstIFDOffset: Int? {
            guard bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D, u16(2) == 42
            else { return nil }
            return u32(4)
        }

        /// The 12-byte directory entry with this tag: its type, count and value or offset.
        func entry(tag: Int, inIFDAt offset: Int) -> (type: Int, count: Int, valueOffset: Int)? {
            guard let entries = u16(offset), entries < 1000 else { return nil }
            for index in 0..<entries {
                let entry = offset + 2 + index * 12
                guard let found = u16(entry), let type = u16(entry + 2), let count = u32(entry + 4) else { return nil }
                if found == tag { return (type, count, entry + 8) }
            }
            return nil
        }

        func longValue(_ entry: (type: Int, count: Int, valueOffset: Int)) -> Int? {
            entry.type == 4 ? u32(entry.valueOffset) : nil
        }

        func asciiValue(_ entry: (type: Int, count: Int, valueOffset: Int)) -> String? {
            guard entry.type == 2, entry.count > 4, entry.count < 64, let start = u32(entry.valueOffset),
                  start + entry.count <= bytes.count
            else { return nil }
            let text = bytes[start..<start + entry.count].prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
