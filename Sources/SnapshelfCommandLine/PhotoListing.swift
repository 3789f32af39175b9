// The JSON form of the library that `snapshelf list --json` prints: an array of `Entry`, whose
// keys are stable for scripts. It is written a photo at a time, as Foundation's JSONEncoder would
// write the whole array (pretty, keys sorted, slashes as they are), so a million photos never
// stand in memory at once and none costs an encoder's or a date formatter's work.
import Foundation
import SnapshelfModel

struct PhotoListing {
    /// How much JSON waits before it is written: a few thousand photos.
    private static let flushBytes = 1 << 20
    /// Made once: `allCases` makes its array at each call.
    private static let keys = Entry.CodingKeys.allCases

    private let write: (String) -> Void
    /// Whole lines, without the line break after the last, which `write` adds.
    private var pending: [UInt8] = []
    private var count = 0

    /// A listing that hands its text to `write` a run of lines at a time, each run without its
    /// last line break, as `Console.say` takes it.
    init(writingTo write: @escaping (String) -> Void) {
        self.write = write
        pending.reserveCapacity(Self.flushBytes + (1 << 16))
        pending.append(UInt8(ascii: "["))
    }

    /// The photos' JSON, whole, for the listings that are small, such as a search's, each with
    /// its earlier labels.
    static func json(_ photos: [(Photo, [EarlierLabel])]) -> String {
        var text: [String] = []
        var listing = PhotoListing { text.append($0) }
        photos.forEach { listing.add($0.0, earlierLabels: $0.1) }
        listing.finish()
        return text.joined(separator: "\n")
    }

    /// A photo as a line of `list`: ID, label and original name between tabs, each escaped as
    /// `DisplayName` escapes, so that every photo stays one line of three fields.
    static func line(for photo: Photo) -> String {
        "\(photo.id)\t\(DisplayName.escaped(photo.label))\t\(photo.displayName)"
    }

    /// Adds the photo's object, its `Entry`'s fields in their order.
    mutating func add(_ photo: Photo, earlierLabels: [EarlierLabel]) {
        if count > 0 { pending.append(UInt8(ascii: ",")) }
        count += 1
        if pending.count >= Self.flushBytes {
            write(String(decoding: pending, as: UTF8.self))
            pending.removeAll(keepingCapacity: true)
        }
        lineBreak()
        pending.append(contentsOf: "  {".utf8)
        let entry = Entry(photo: photo, earlierLabels: earlierLabels)
        for (index, key) in Self.keys.enumerated() {
            self.key(key.stringValue, first: index == 0, indent: "    ")
            switch entry[key] {
            case .number(let number): append(number: number)
            case .text(let text): append(quoted: text)
            case .labels(let labels): append(labels)
            }
        }
        lineBreak()
        pending.append(contentsOf: "  }".utf8)
    }

    /// Ends the array and writes what is left.
    mutating func finish() {
        // JSONEncoder puts an empty array's brackets on two lines with an empty one between.
        if count == 0 { lineBreak() }
        lineBreak()
        pending.append(UInt8(ascii: "]"))
        write(String(decoding: pending, as: UTF8.self))
        pending.removeAll()
    }

    /// Ends the line, unless the lines before were just written, which `write` ends itself.
    private mutating func lineBreak() {
        if !pending.isEmpty { pending.append(UInt8(ascii: "\n")) }
    }

    /// An array of objects as JSONEncoder writes one inside an entry, an empty one on two lines
    /// with an empty one between.
    private mutating func append(_ labels: [Entry.EarlierLabelEntry]) {
        pending.append(UInt8(ascii: "["))
        if labels.isEmpty { lineBreak() }
        for (number, entry) in labels.enumerated() {
            if number > 0 { pending.append(UInt8(ascii: ",")) }
            lineBreak()
            pending.append(contentsOf: "      {".utf8)
            for (index, key) in Entry.EarlierLabelEntry.CodingKeys.allCases.enumerated() {
                self.key(key.stringValue, first: index == 0, indent: "        ")
                switch key {
                case .computer: append(quoted: entry.earlier.computer)
                case .given: append(quoted: Self.timestamp(entry.earlier.given))
                case .label: append(quoted: entry.earlier.label)
                case .thisComputer: pending.append(contentsOf: (entry.earlier.isThisComputer ? "true" : "false").utf8)
                }
            }
            lineBreak()
            pending.append(contentsOf: "      }".utf8)
        }
        lineBreak()
        pending.append(contentsOf: "    ]".utf8)
    }

    private mutating func key(_ name: String, first: Bool, indent: String) {
        if !first { pending.append(UInt8(ascii: ",")) }
        lineBreak()
        pending.append(contentsOf: indent.utf8)
        pending.append(contentsOf: "\"".utf8)
        pending.append(contentsOf: name.utf8)
        pending.append(contentsOf: "\" : ".utf8)
    }

    private mutating func append(number: Int?) {
        guard let number else { return pending.append(contentsOf: "null".utf8) }
        pending.append(contentsOf: String(number).utf8)
    }

    private mutating func append(quoted text: String?) {
        guard let text else { return pending.append(contentsOf: "null".utf8) }
        pending.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): pending.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): pending.append(contentsOf: "\\\\".utf8)
            case 0x08: pending.append(contentsOf: "\\b".utf8)
            case 0x0C: pending.append(contentsOf: "\\f".utf8)
            case 0x0A: pending.append(contentsOf: "\\n".utf8)
            case 0x0D: pending.append(contentsOf: "\\r".utf8)
            case 0x09: pending.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                pending.append(contentsOf: "\\u00".utf8)
                pending.append(contentsOf: Self.hexDigits[Int(byte >> 4)...Int(byte >> 4)])
                pending.append(contentsOf: Self.hexDigits[Int(byte & 0xF)...Int(byte & 0xF)])
            default: pending.append(byte)
            }
        }
        pending.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The time in UTC to the second, as ISO8601DateFormatter writes it: 2026-12-01T14:39:56Z.
    static func timestamp(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let (days, second) = (seconds.quotientAndRemainder(dividingBy: 86_400))
        let (day, secondOfDay) = second < 0 ? (days - 1, second + 86_400) : (days, second)
        // Days to a civil date, after Howard Hinnant's `civil_from_days`.
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // The formatter's own way with the Julian days before 1582-10-15 and the years after 9999
        // is kept by asking it.
        guard seconds >= -12_219_292_800, year <= 9999 else { return fallback.string(from: date) }
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: width - text.count) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(dayOfMonth, 2))T\(digits(secondOfDay / 3600, 2)):"
            + "\(digits(secondOfDay / 60 % 60, 2)):\(digits(secondOfDay % 60, 2))Z"
    }

    /// The camera's clock to the second with its offset, 2022-08-14T14:12:31+03:00, or without a
    /// zone when the offset is unknown: the time the photo shows, which no zone moves.
    static func clockTime(_ taken: TakenDate) -> String {
        timestamp(taken.clock).dropLast() + (taken.offsetText ?? "")
    }

    nonisolated(unsafe) private static let fallback: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
