// The dates XMP allows, read as UTC milliseconds: from a year alone ("2026") to a time with
// fractions of a second and a zone ("2026-12-01T14:39:56.3+01:00"). Snapshelf writes the last form,
// in UTC or, for a date taken, with the camera's offset or none, but a sidecar another program or a
// person edited may hold any of them, and a date that is only less precise is still that photo's
// date. As a moment, a time without a zone is taken as UTC, which is as good a guess as any and
// never moves the date by more than a day.
import Foundation

enum XMPDate {
    /// What a date says of its zone.
    enum Zone: Equatable {
        /// None at all: a clock's time, wherever it was.
        case none
        /// "Z".
        case utc
        /// "+hh:mm" or "-hh:mm", in minutes east of UTC.
        case offset(Int)
    }

    /// The moment, a time without a zone taken as UTC.
    static func milliseconds(from text: String) -> Int64? {
        guard let (clock, zone) = clock(from: text) else { return nil }
        guard case .offset(let minutes) = zone else { return clock }
        return clock - Int64(minutes) * 60_000
    }

    /// The date's fields as if they were UTC's, in milliseconds, and what it says of its zone.
    static func clock(from text: String) -> (milliseconds: Int64, zone: Zone)? {
        var scanner = Array(text.trimmingCharacters(in: .whitespaces).utf8)[...]
        guard let year = number(&scanner, digits: 4), (1...9999).contains(year) else { return nil }
        var (month, day, hour, minute, second, milliseconds, zone) = (1, 1, 0, 0, 0, 0, Zone.none)
        if take("-", &scanner) {
            guard let value = number(&scanner, digits: 2), (1...12).contains(value) else { return nil }
            month = value
            if take("-", &scanner) {
                guard let value = number(&scanner, digits: 2), (1...days(inMonth: month, of: year)).contains(value) else { return nil }
                day = value
                if take("T", &scanner) {
                    guard let h = number(&scanner, digits: 2), h < 24, take(":", &scanner),
                          let m = number(&scanner, digits: 2), m < 60 else { return nil }
                    (hour, minute) = (h, m)
                    if take(":", &scanner) {
                        guard let s = number(&scanner, digits: 2), s < 61 else { return nil }
                        second = min(s, 59)
                        if take(".", &scanner) {
                            let digits = scanner.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                            guard !digits.isEmpty else { return nil }
                            let first3 = Array(digits.prefix(3)) + Array(repeating: UInt8(ascii: "0"), count: max(0, 3 - digits.count))
                            milliseconds = first3.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                            scanner = scanner.dropFirst(digits.count)
                        }
                    }
                    guard let found = self.zone(&scanner) else { return nil }
                    zone = found
                }
            }
        }
        guard scanner.isEmpty else { return nil }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (year, month, day, hour, minute, second)
        guard let date = utc.date(from: parts) else { return nil }
        return (Int64(date.timeIntervalSince1970) * 1000 + Int64(milliseconds), zone)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The zone: "Z", "+hh:mm", "-hh:mm", or none at all.
    private static func zone(_ scanner: inout ArraySlice<UInt8>) -> Zone? {
        if scanner.isEmpty { return Zone.none }
        if take("Z", &scanner) { return .utc }
        let sign: Int
        if take("+", &scanner) { sign = 1 } else if take("-", &scanner) { sign = -1 } else { return nil }
        guard let hours = number(&scanner, digits: 2), hours <= 14 else { return nil }
        _ = take(":", &scanner)
        guard let minutes = number(&scanner, digits: 2), minutes < 60 else { return nil }
        return .offset(sign * (hours * 60 + minutes))
    }

    private static func take(_ character: Unicode.Scalar, _ scanner: inout ArraySlice<UInt8>) -> Bool {
        guard scanner.first == UInt8(ascii: character) else { return false }
        scanner = scanner.dropFirst()
        return true
    }

    private static func number(_ scanner: inout ArraySlice<UInt8>, digits: Int) -> Int? {
        let part = scanner.prefix(digits)
        guard part.count == digits, part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        scanner = scanner.dropFirst(digits)
        return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
