// Dates that come from outside (a file's modification time, a camera's clock, a database another
// program may have written) kept within the years 1 to 9999, so that converting one to
// milliseconds or printing it as ISO 8601 can never fail. tmpfs and tar keep a modification time
// of 10^17 seconds, which as milliseconds does not fit in 64 bits.
import Foundation

enum ClampedDate {
    /// 0001-01-01T00:00:00Z.
    static let earliest = Date(timeIntervalSince1970: -62_135_596_800)
    /// 9999-12-31T23:59:59Z.
    static let latest = Date(timeIntervalSince1970: 253_402_300_799)

    static func clamped(_ date: Date) -> Date {
        min(max(date, earliest), latest)
    }

    /// A file time as `stat` gives it.
    static func from(seconds: Int, nanoseconds: Int) -> Date {
        clamped(Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9))
    }

    static func from(milliseconds: Int64) -> Date {
        clamped(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Milliseconds as a database may hold them, any 64-bit number, brought within the years 1
    /// to 9999, so that adding a zone's offset to them cannot overflow.
    static func clamped(milliseconds: Int64) -> Int64 {
        min(max(milliseconds, Self.milliseconds(of: earliest)), Self.milliseconds(of: latest))
    }

    static func milliseconds(of date: Date) -> Int64 {
        Int64((clamped(date).timeIntervalSince1970 * 1000).rounded())
    }
}
