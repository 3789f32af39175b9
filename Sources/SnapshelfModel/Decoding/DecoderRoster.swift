// The decoder pool's bookkeeping, which it keeps under its lock: the decoders idle between
// requests, and how many requests are at one.
// Decoders for images start with the common image loaders alone (see `DecoderLaunch.Readers`),
// which cost a fraction of the memory of every reader; an image none of those reads, and every
// other request, goes to a decoder with them all.
import SnapshelfDecoderWire

struct DecoderRoster {
    /// What a request gets on its way to a decoder.
    enum Admission {
        case idle(DecoderProcess)
        /// No idle decoder has the readers needed: one is to start, with these.
        case start(DecoderLaunch.Readers)
    }

    private(set) var idle: [DecoderProcess] = []
    /// The requests at a decoder now, and the most there have been at once.
    private(set) var busy = 0
    private(set) var mostBusy = 0
    var isReapingScheduled = false

    /// Counts the request in, and gives it the most recently idle decoder with the readers it
    /// needs that can still take work; those found ended on the way are stopped. When none is,
    /// the decoder to start makes one too many if others wait idle with the other readers, so the
    /// one idle longest is stopped: no more than `capacity` decoders run.
    mutating func admit(needing readers: DecoderLaunch.Readers, capacity: Int) -> Admission {
        busy += 1
        mostBusy = max(mostBusy, busy)
        while let index = idle.lastIndex(where: { readers == .commonImages || $0.readers == .all }) {
            let decoder = idle.remove(at: index)
            if !decoder.hasEnded && decoder.isQuiet { return .idle(decoder) }
            decoder.stop()
        }
        while busy + idle.count > capacity, !idle.isEmpty {
            idle.removeFirst().stop()
        }
        return .start(readers)
    }

    /// Counts the request out, with its decoder if it can take more work. True when the decoder
    /// is the first idle one since the last reaping, which should then be scheduled.
    mutating func release(_ decoder: DecoderProcess?) -> Bool {
        busy -= 1
        guard let decoder else { return false }
        idle.append(decoder)
        defer { isReapingScheduled = true }
        return !isReapingScheduled
    }

    /// Stops the idle decoders that have ended, and those idle since before `overdue`, which
    /// should have ended by then. True while others are still idle, to be looked at again.
    mutating func reap(idleSince overdue: ContinuousClock.Instant) -> Bool {
        let ended = idle.filter { $0.hasEnded || $0.idleSince < overdue }
        ended.forEach { $0.stop() }
        idle.removeAll { decoder in ended.contains { $0 === decoder } }
        isReapingScheduled = !idle.isEmpty
        return isReapingScheduled
    }
}
