// The decoder pool's bookkeeping, which it keeps under its lock: the decoders idle between
// requests, how many requests are at one, and which loaders the next decoder starts with.
// Decoders start with the common loaders (see `DecoderLaunch.Loaders`), which cost a fraction of
// the memory of every loader; a file none of those reads sends the pool to one with them all.
import SnapshelfDecoderWire

struct DecoderRoster {
    /// What a request gets on its way to a decoder.
    enum Admission {
        case idle(DecoderProcess)
        /// No idle decoder has the loaders needed: one is to start, with these.
        case start(DecoderLaunch.Loaders)
    }

    private(set) var idle: [DecoderProcess] = []
    /// The requests at a decoder now, and the most there have been at once.
    private(set) var busy = 0
    private(set) var mostBusy = 0
    var isReapingScheduled = false
    /// Whether new decoders start with every loader: once a file needed them, as in a library of
    /// HEIF photos each of the next would too, until every decoder has ended.
    private var startsWithEveryLoader = false

    /// Counts the request in, and gives it the most recently idle decoder with the loaders it
    /// needs that can still take work; those found ended on the way are stopped. When none is,
    /// the decoder to start makes one too many if others wait idle with the other loaders, so the
    /// one idle longest is stopped: no more than `capacity` decoders run.
    mutating func admit(needing loaders: DecoderLaunch.Loaders, capacity: Int) -> Admission {
        busy += 1
        mostBusy = max(mostBusy, busy)
        while let index = idle.lastIndex(where: { loaders == .common || $0.loaders == .all }) {
            let decoder = idle.remove(at: index)
            if !decoder.hasEnded && decoder.isQuiet { return .idle(decoder) }
            decoder.stop()
        }
        while busy + idle.count > capacity, !idle.isEmpty {
            idle.removeFirst().stop()
        }
        return .start(loaders == .all || startsWithEveryLoader ? .all : .common)
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

    /// A decoder with the common loaders met a file none of them reads.
    mutating func needEveryLoader() {
        startsWithEveryLoader = true
    }

    /// Stops the idle decoders that have ended, and those idle since before `overdue`, which
    /// should have ended by then. True while others are still idle, to be looked at again.
    mutating func reap(idleSince overdue: ContinuousClock.Instant) -> Bool {
        let ended = idle.filter { $0.hasEnded || $0.idleSince < overdue }
        ended.forEach { $0.stop() }
        idle.removeAll { decoder in ended.contains { $0 === decoder } }
        if idle.isEmpty && busy == 0 {
            startsWithEveryLoader = false
        }
        isReapingScheduled = !idle.isEmpty
        return isReapingScheduled
    }
}
