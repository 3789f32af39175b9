// A change a computer made to a photo's sidecar in a shared library, as it records it for every
// computer (itself included) in its own changes file (see `ComputerRecords`), so that no label or
// turn depends on Syncthing keeping a conflict copy: with "Max Conflicts" at 0, Syncthing keeps
// one computer's sidecar and drops the other's, and the dropped change comes back from here. A
// label is known by when it was given and its text. Applied to a sidecar that does not hold the
// label given, the record becomes the sidecar that change wrote, merged with the one there by
// `SidecarMerge`'s rule: a label given after the one there wins, else the later by its time; the
// record's turns join the sidecar's. Every computer applying the same records to the same sidecar
// writes the same bytes. One line: the copy's name, the photo's ID on the computer that changed
// it, the time the label was given, the time of the one it replaced, that computer's turns as
// `count:degrees`, the label, and the one it replaced, separated by tabs; labels hold no tabs.
import Foundation

struct ChangeRecord: Equatable, Sendable {
    let fileName: String
    let photoID: Int64
    let label: String
    let givenMilliseconds: Int64
    let replacedLabel: String
    let replacedMilliseconds: Int64
    /// The turns the computer that changed it had given, counted.
    let turns: SidecarTurns.Entry
    /// The computer that changed it, from the name of its file.
    let machine: String

    /// The record of writing `new` over `old` on the computer named `machine`; nil where the
    /// label and this computer's turns stayed as they were.
    init?(fileName: String, writing new: Sidecar, over old: Sidecar, machine: String) {
        let turns = new.turns.entries[machine] ?? SidecarTurns.Entry(count: 0, degrees: 0)
        guard new.label != old.label || new.labelChangedMilliseconds != old.labelChangedMilliseconds
            || turns != old.turns.entries[machine] ?? SidecarTurns.Entry(count: 0, degrees: 0) else { return nil }
        (self.fileName, photoID, self.machine, self.turns) = (fileName, new.id, machine, turns)
        (label, givenMilliseconds) = (new.label, new.labelChangedMilliseconds)
        (replacedLabel, replacedMilliseconds) = (old.label, old.labelChangedMilliseconds)
    }

    /// The record as its line, without the line break.
    var line: String {
        [fileName, String(photoID), String(givenMilliseconds), String(replacedMilliseconds), "\(turns.count):\(turns.degrees)",
         label, replacedLabel].joined(separator: "\t")
    }

    /// The record a line of `machine`'s file gives; nil for one that is not a record.
    init?(line: Substring, machine: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7, PhotoFolderNames.isCopyName(fields[0]), let id = Int64(fields[1]), PhotoID.isValid(id),
              let given = Int64(fields[2]), let replaced = Int64(fields[3]),
              let turns = SidecarTurns(exactly: "\(machine):\(fields[4])")?.entries[machine] else { return nil }
        (fileName, photoID, self.machine, self.turns) = (String(fields[0]), id, machine, turns)
        // Made labels as the sidecars' labels are, so a record holds nothing a sidecar cannot.
        (label, givenMilliseconds) = (Label.fitting(String(fields[5])).text, given)
        (replacedLabel, replacedMilliseconds) = (Label.fitting(String(fields[6])).text, replaced)
    }

    /// The sidecar with this change in it; nil where it holds it already.
    func applied(to sidecar: Sidecar) -> (merged: Sidecar, merge: SidecarMerge?)? {
        let knows = { (label: String, time: Int64) in
            (sidecar.label == label && sidecar.labelChangedMilliseconds == time)
                || sidecar.history.entries.contains { $0.label == label && $0.changedMilliseconds == time }
        }
        var turned = sidecar.turns.merged(with: SidecarTurns(entries: [machine: turns]))
        if knows(label, givenMilliseconds) {
            guard turned != sidecar.turns else { return nil }
            var merged = sidecar
            merged.turns = turned
            merged.rotation = turned.rotation
            return (merged, nil)
        }
        // The sidecar the change wrote, as far as this one tells: where it replaced the label
        // there, that label went into its history, which makes it the later by `SidecarMerge`.
        var written = sidecar
        (written.label, written.labelChangedMilliseconds, written.machine, written.id) = (label, givenMilliseconds, machine, photoID)
        if sidecar.label == replacedLabel && sidecar.labelChangedMilliseconds == replacedMilliseconds {
            written.history = sidecar.history.merged(with: SidecarHistory(), adding: [SidecarHistory.Entry(
                label: sidecar.label, changedMilliseconds: sidecar.labelChangedMilliseconds, machine: sidecar.machine ?? "")])
        }
        turned = turned.merged(with: sidecar.turns)
        written.turns = turned
        // Neither side's file time: each computer merges a record against its own file.
        let merge = SidecarMerge(SidecarMerge.Side(sidecar: sidecar, modifiedNanoseconds: 0),
                                 SidecarMerge.Side(sidecar: written, modifiedNanoseconds: 0))
        return merge.merged.sidecar == sidecar && merge.merged.sidecar.history == sidecar.history
            && merge.merged.sidecar.turns == sidecar.turns ? nil : (merge.merged.sidecar, merge)
    }
}
