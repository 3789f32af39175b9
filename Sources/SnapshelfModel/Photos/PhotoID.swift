// The one range of photo IDs Snapshelf gives and accepts. An ID is only the index's handle for a
// photo, whose identity is its content; sidecars carry it so a rebuild can keep each photo's
// place in the order. Writing and reading use this same range, so no ID Snapshelf gives is ever
// one its reader refuses, whatever IDs a sidecar claimed before.
import Foundation

enum PhotoID {
    /// 1 to 2^53 − 1: every ID a JSON reader holds exactly, as `list --json` prints them.
    static let valid: ClosedRange<Int64> = 1...(1 << 53) - 1

    static func isValid(_ id: Int64) -> Bool {
        valid.contains(id)
    }

    /// Hands out IDs no one holds: after the largest taken while there is room, then the lowest
    /// free ones, so a sidecar that claimed an ID near the top never leaves a library without IDs.
    struct Allocator {
        private var taken: Set<Int64>
        private var next: Int64
        private var lowest: Int64 = valid.lowerBound

        init(taken: Set<Int64>, after largest: Int64? = nil) {
            self.taken = taken
            next = (largest ?? taken.max() ?? 0) &+ 1
        }

        mutating func take() -> Int64 {
            while PhotoID.isValid(next) {
                let id = next
                next += 1
                if taken.insert(id).inserted { return id }
            }
            while !taken.insert(lowest).inserted {
                lowest += 1
            }
            return lowest
        }
    }
}
