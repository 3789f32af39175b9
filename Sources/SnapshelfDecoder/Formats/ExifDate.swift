// When a photo was taken, as its EXIF says (DateTimeOriginal, with OffsetTimeOriginal where the
// camera wrote it), read by Exiv2 inside a decoder: from the file itself, or from a HEIF's or
// AVIF's Exif item, which libheif gives (see `HEIFItems`).
import Foundation
import SnapshelfModel

enum ExifDate {
    /// The clock's reading, its fields as UTC's, in seconds since 1970, and its offset in minutes
    /// east of UTC when the camera wrote one; nil when the metadata has no such date.
    static func taken(in metadata: Metadata) -> (clockSeconds: Int64, offsetMinutes: Int?)? {
        guard let text = metadata.string("Exif.Photo.DateTimeOriginal"), let clock = parse(text) else { return nil }
        return (clock, metadata.string("Exif.Photo.OffsetTimeOriginal").flatMap(offsetMinutes))
    }

    /// "YYYY:MM:DD HH:MM:SS", the only form EXIF allows, as the clock's fields read in UTC.
    static func parse(_ text: String) -> Int64? {
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard fields.count == 6, (1800...9999).contains(fields[0]) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (fields[0], fields[1], fields[2])
        (components.hour, components.minute, components.second) = (fields[3], fields[4], fields[5])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return Int64(date.timeIntervalSince1970)
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
}
