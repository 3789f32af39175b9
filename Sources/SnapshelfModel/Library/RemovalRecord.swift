// What a computer knew of a photo when it removed it from a shared library: the labels it had
// seen, each by when and where it was given (the one the photo had and those in its history),
// and each computer's count of turns. Another computer whose copy Syncthing deleted, and whose
// sidecar is still there, compares its sidecar with it: when the remover had seen all of it,
// the removal wins; when the sidecar holds a label or a turn given here that the remover had
// not seen, that change wins, and the copy comes back. One line of a `RemovalRecords` file:
// the copy's name, the labels as `time@machine` joined by commas, and the turns as the sidecar
// writes them, separated by tabs.
import Foundation

struct RemovalRecord: Equatable, Sendable {
    /// A label by when and where it was given, which tells it from any other.
    struct GivenLabel: Hashable, Sendable {
        let milliseconds: Int64
        let machine: String
    }

    /// The most labels a record holds: the one the photo had and its history's.
    static let maximumLabels = SidecarHistory.maximumEntries + 1
    /// A line longer than this is no record Snapshelf wrote, and is passed over.
    static let maximumLineBytes = 4096

    let fileName: String
    let seenLabels: Set<GivenLabel>
    let turns: SidecarTurns

    /// The record of removing the photo whose copy is `fileName` and whose sidecar is `sidecar`.
    init(fileName: String, sidecar: Sidecar) {
        self.fileName = fileName
        seenLabels = Set([Self.given(sidecar)] + sidecar.history.entries.map { GivenLabel(milliseconds: $0.changedMilliseconds, machine: $0.machine) })
        turns = sidecar.turns
    }

    private init(fileName: String, seenLabels: Set<GivenLabel>, turns: SidecarTurns) {
        (self.fileName, self.seenLabels, self.turns) = (fileName, seenLabels, turns)
    }

    private static func given(_ sidecar: Sidecar) -> GivenLabel {
        GivenLabel(milliseconds: sidecar.labelChangedMilliseconds, machine: sidecar.machine ?? "")
    }

    /// Whether the remover had seen everything the sidecar holds: its label, and every turn.
    func covers(_ sidecar: Sidecar) -> Bool {
        guard seenLabels.contains(Self.given(sidecar)) else { return false }
        return sidecar.turns.entries.allSatisfy { machine, entry in
            guard let seen = turns.entries[machine] else { return false }
            return seen.count > entry.count || (seen.count == entry.count && seen.degrees == entry.degrees)
        }
    }

    /// The record as its line, without the line break.
    var line: String {
        let labels = seenLabels.sorted { ($0.milliseconds, $0.machine) < ($1.milliseconds, $1.machine) }
            .map { "\($0.milliseconds)@\($0.machine)" }.joined(separator: ",")
        return [fileName, labels, turns.text ?? ""].joined(separator: "\t")
    }

    /// The record a line gives; nil for one that is not a record, which a computer sharing the
    /// library may have written: its name must be a library copy's, and its fields whole.
    init?(line: Substring) {
        guard line.utf8.count <= Self.maximumLineBytes else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, PhotoFolderNames.isCopyName(fields[0]) else { return nil }
        var labels = Set<GivenLabel>()
        for word in fields[1].split(separator: ",") {
            let parts = word.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let milliseconds = Int64(parts[0]),
                  parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            labels.insert(GivenLabel(milliseconds: milliseconds, machine: String(parts[1])))
        }
        guard !labels.isEmpty, labels.count <= Self.maximumLabels else { return nil }
        guard let turns = SidecarTurns(exactly: String(fields[2])) else { return nil }
        self.init(fileName: String(fields[0]), seenLabels: labels, turns: turns)
    }
}
