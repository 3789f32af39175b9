// Reads when a photo was taken from its EXIF data (DateTimeOriginal, with OffsetTimeOriginal where the
// camera wrote it), which GdkPixbuf does not expose: from a JPEG's APP1 segment, or from the Exif
// item of a HEIF or AVIF, which Debian's Exiv2 0.27 cannot read. Other formats have no date here.
import Foundation

enum ExifDate {
    /// The date the camera recorded, from the file's first bytes or its HEIF boxes; nil when the
    /// file has no such date or it cannot be read.
    static func dateTaken(in file: OpenFile, head: [UInt8]) -> TakenDate? {
        if let date = head.withUnsafeBytes({ bytes in exifPayload(in: bytes).flatMap(dateTaken(inTIFF:)) }) {
            return date
        }
        var window = ByteWindow(file, head: head)
        return HEIFContainer(&window)?.exif?.withUnsafeBytes(dateTaken(inTIFF:))
    }

    /// The date in EXIF's TIFF structure: the clock as the camera wrote it, and its offset.
    static func dateTaken(inTIFF tiff: UnsafeRawBufferPointer) -> TakenDate? {
        let reader = TIFFReader(bytes: tiff)
        guard let ifd0 = reader.firstIFDOffset,
              let exifIFD = reader.entry(tag: 0x8769, inIFDAt: ifd0).flatMap(reader.longValue),
              let text = reader.entry(tag: 0x9003, inIFDAt: exifIFD).flatMap(reader.asciiValue),
              let clock = parse(text)
        else { return nil }
        let offset = reader.entry(tag: 0x9011, inIFDAt: exifIFD).flatMap(reader.asciiValue).flatMap(offsetMinutes)
        return TakenDate(clock: clock, offsetMinutes: offset)
    }

    /// "YYYY:MM:DD HH:MM:SS", the only form EXIF allows, as the clock's fields read in UTC.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard fields.count == 6, fields[0] > 1800 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (fields[0], fields[1], fields[2])
        (components.hour, components.minute, components.second) = (fields[3], fields[4], fields[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components).map(ClampedDate.clamped)
    }

    /// "+03:00" or "-05:30" in minutes east of UTC; nil for the blanks cameras leave ("   :  ").
    static func offsetMinutes(_ text: String) -> Int? {
        let characters = Array(text.utf8)
        guard characters.count == 6, characters[0] == UInt8(ascii: "+") || characters[0] == UInt8(ascii: "-"),
              characters[3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: characters[1...2], as: UTF8.self)), hours <= 14,
              let minutes = Int(String(decoding: characters[4...5], as: UTF8.self)), minutes < 60
        else { return nil }
        return (characters[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
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
}
