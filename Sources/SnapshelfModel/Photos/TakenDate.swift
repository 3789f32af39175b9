// When a photo was taken, as its camera's clock said it: the time people remember (2:12 PM where the
// photo was taken, whatever zone it is looked at in), with the clock's offset from UTC when the file
// tells it. Photos are ordered by the moment; a clock without an offset is placed in this
// computer's zone, the best guess there is for a camera set to local time.
import Foundation

public struct TakenDate: Sendable, Hashable, Comparable {
    /// The clock's reading in milliseconds, its fields read as if they were UTC: 14:12 on the
    /// clock is 14:12 here, whatever zone shows it.
    let clockMilliseconds: Int64
    /// How far east of UTC the clock was set, in minutes; nil when the file does not say.
    public let offsetMinutes: Int?
    /// The moment in UTC milliseconds, which orders photos.
    let instantMilliseconds: Int64

    /// As the database keeps it; `instant` is what was worked out when the date was first read.
    init(clockMilliseconds: Int64, offsetMinutes: Int?, instantMilliseconds: Int64) {
        (self.clockMilliseconds, self.offsetMinutes, self.instantMilliseconds) = (clockMilliseconds, offsetMinutes, instantMilliseconds)
    }

    /// The clock's reading (its fields as UTC's) and its offset; without one, the moment is the
    /// clock read in this computer's zone.
    public init(clock: Date, offsetMinutes: Int?) {
        let clock = ClampedDate.milliseconds(of: clock)
        let instant = offsetMinutes.map { clock - Int64($0) * 60_000 } ?? Self.instantInThisZone(clock: clock)
        self.init(clockMilliseconds: clock, offsetMinutes: offsetMinutes, instantMilliseconds: instant)
    }

    /// A moment with no clock of its own, such as a file's modification time, as this computer's
    /// clock showed it then.
    public init(moment: Date) {
        let instant = ClampedDate.milliseconds(of: moment)
        let offset = TimeZone.current.secondsFromGMT(for: ClampedDate.from(milliseconds: instant)) / 60
        self.init(clockMilliseconds: instant + Int64(offset) * 60_000, offsetMinutes: offset, instantMilliseconds: instant)
    }

    /// A moment an older Snapshelf kept without its clock: older Snapshelfs read a camera's clock
    /// in this computer's zone, so this zone gives the clock back. The offset was never read. The
    /// moment may be any number a damaged database holds: kept within the years 1 to 9999, adding
    /// the zone's offset cannot overflow.
    init(legacyMilliseconds moment: Int64) {
        let instant = ClampedDate.clamped(milliseconds: moment)
        let offset = TimeZone.current.secondsFromGMT(for: ClampedDate.from(milliseconds: instant))
        self.init(clockMilliseconds: instant + Int64(offset) * 1000, offsetMinutes: nil, instantMilliseconds: instant)
    }

    /// The clock's reading, its fields as UTC's: format it in UTC to show the camera's time.
    public var clock: Date { ClampedDate.from(milliseconds: clockMilliseconds) }
    /// The moment it was taken.
    public var instant: Date { ClampedDate.from(milliseconds: instantMilliseconds) }

    public static func < (lhs: TakenDate, rhs: TakenDate) -> Bool {
        (lhs.instantMilliseconds, lhs.clockMilliseconds) < (rhs.instantMilliseconds, rhs.clockMilliseconds)
    }

    /// The offset as ISO 8601 writes it, "+03:00" or "-05:30"; nil when unknown. Written without
    /// String(format:), which would be most of the time `list --json` takes over a library.
    public var offsetText: String? {
        guard let offsetMinutes else { return nil }
        let (hours, minutes) = (Int(offsetMinutes.magnitude / 60), Int(offsetMinutes.magnitude % 60))
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return (offsetMinutes < 0 ? "-" : "+") + twoDigits(hours) + ":" + twoDigits(minutes)
    }

    /// The UTC moment at which this computer's clock read as `clock` does. Two tries settle it;
    /// an hour that a change to or from summer time skips or repeats gets one of its two answers.
    private static func instantInThisZone(clock: Int64) -> Int64 {
        let zone = TimeZone.current
        let first = clock - Int64(zone.secondsFromGMT(for: ClampedDate.from(milliseconds: clock))) * 1000
        return clock - Int64(zone.secondsFromGMT(for: ClampedDate.from(milliseconds: first))) * 1000
    }
}
