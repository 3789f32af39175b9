// What a computer knew of a photo when it removed it from a shared library: the labels it had
// seen, each by when it was given and its text (the one the photo had and those in its history),
// and each computer's count of turns. Another computer whose copy Syncthing deleted, and whose
// sidecar is still there, compares its sidecar with it: when the remover had seen all of it,
// the removal wins; when the sidecar holds a label or a turn given here that the remover had
// not seen, that change wins, and the copy comes back. A label is known by its time and text,
// not by the computer that last wrote its sidecar, which any rewrite changes. One line of a
// computer's removals file (see `ComputerRecords`): the copy's name, the turns as the sidecar
// writes them, then each label's time and text, all separated by tabs.
import Foundation

struct RemovalRecord: Equatable, Sendable {
    /// A label by when it was given and its text, made a label as a sidecar's is, which holds no tab.
    struct GivenLabel: Hashable, Sendable {
        let milliseconds: Int64
        let text: String

        init(milliseconds: Int64, text: String) {
            (self.milliseconds, self.text) = (milliseconds, Label.fitting(text).text)
        }
    }

    /// The most labels a record holds: the one the photo had and its history's.
    static let maximumLabels = SidecarHistory.maximumEntries + 1

    let fileName: String
    let seenLabels: Set<GivenLabel>
    let turns: SidecarTurns

    /// The record of removing the photo whose copy is `fileName` and whose sidecar is `sidecar`.
    init(fileName: String, sidecar: Sidecar) {
        self.fileName = fileName
        seenLabels = Set([Self.given(sidecar)] + sidecar.history.entries.map { GivenLabel(milliseconds: $0.changedMilliseconds, text: $0.label) })
        turns = sidecar.turns
    }

    private init(fileName: String, seenLabels: Set<GivenLabel>, turns: SidecarTurns) {
        (self.fileName, self.seenLabels, self.turns) = (fileName, seenLabels, turns)
    }

    private static func given(_ sidecar: Sidecar) -> GivenLabel {
        GivenLabel(milliseconds: sidecar.labelChangedMilliseconds, text: sidecar.label)
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
        let labels = seenLabels.sorted { ($0.milliseconds, $0.text) < ($1.milliseconds, $1.text) }.flatMap { [String($0.milliseconds), $0.text] }
        return ([fileName, turns.text ?? ""] + labels).joined(separator: "\t")
    }

    /// The record a line gives; nil for one that is not a record, which a computer sharing the
    /// library may have written: its name must be a library copy's, and its fields whole.
    init?(line: Substring) {
        guard line.utf8.count <= ComputerRecords.maximumLineBytes else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 4, fields.count % 2 == 0, (fields.count - 2) / 2 <= Self.maximumLabels,
              PhotoFolderNames.isCopyName(fields[0]), let turns = SidecarTurns(exactly: String(fields[1])) else { return nil }
        var labels = Set<GivenLabel>()
        for index in stride(from: 2, to: fields.count, by: 2) {
            guard let milliseconds = Int64(fields[index]) else { return nil }
            labels.insert(GivenLabel(milliseconds: milliseconds, text: String(fields[index + 1])))
        }
        self.init(fileName: String(fields[0]), seenLabels: labels, turns: turns)
    }
}
