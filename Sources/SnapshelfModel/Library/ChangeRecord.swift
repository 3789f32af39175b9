// A change a computer made to a photo's sidecar in a shared library, as it records it for every
// computer (itself included) in its own changes file (see `ComputerRecords`), so that no label or
// turn depends on Syncthing keeping a conflict copy: with "Max Conflicts" at 0, Syncthing keeps
// one computer's sidecar and drops the other's, and the dropped change comes back from here. A
// label is known by when it was given and its text. Applied to a sidecar that does not hold the
// label given, the record becomes the sidecar that change wrote, merged with the one there by
// `SidecarMerge`'s rule: a label given after the one there wins, else the later by its time; the
// record's turns join the sidecar's. Every computer applying the same records to the same sidecar
// writes the same bytes, in whatever order it reads them. A record holds when its photo was
// added, so one of a photo removed and imported again is of no photo now. One line: the copy's
// name, the photo's ID on the computer that changed it, when the photo was added, when the label
// was given, when the one it replaced was given and by which computer, that computer's turns as
// `count:degrees`, the label, and the one it replaced, separated by tabs; labels hold no tabs.
import Foundation

struct ChangeRecord: Equatable, Sendable {
    let fileName: String
    let photoID: Int64
    let addedMilliseconds: Int64
    let label: String
    let givenMilliseconds: Int64
    let replacedLabel: String
    let replacedMilliseconds: Int64
    let replacedMachine: String
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
        (self.fileName, photoID, addedMilliseconds, self.machine, self.turns) = (fileName, new.id, new.addedMilliseconds, machine, turns)
        // Made labels, as another program's text in the sidecar may hold a tab.
        (label, givenMilliseconds) = (Label.fitting(new.label).text, new.labelChangedMilliseconds)
        (replacedLabel, replacedMilliseconds, replacedMachine) = (Label.fitting(old.label).text, old.labelChangedMilliseconds, old.machine ?? "")
    }

    /// The record as its line, without the line break.
    var line: String {
        [fileName, String(photoID), String(addedMilliseconds), String(givenMilliseconds), String(replacedMilliseconds), replacedMachine,
         "\(turns.count):\(turns.degrees)", label, replacedLabel].joined(separator: "\t")
    }

    /// The record a line of `machine`'s file gives; nil for one that is not a record.
    init?(line: Substring, machine: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        // Times only within what a sidecar can hold, so one written there reads back the same.
        let time = { (field: Substring) in Int64(field).flatMap { Self.times.contains($0) ? $0 : nil } }
        guard fields.count == 9, PhotoFolderNames.isCopyName(fields[0]), let id = Int64(fields[1]), PhotoID.isValid(id),
              let added = time(fields[2]), let given = time(fields[3]), let replaced = time(fields[4]),
              fields[5].isEmpty || SidecarTurns.isMachineName(fields[5]),
              let turns = SidecarTurns(exactly: "\(machine):\(fields[6])")?.entries[machine] else { return nil }
        (fileName, photoID, addedMilliseconds, self.machine, self.turns) = (String(fields[0]), id, added, machine, turns)
        // Made labels as the sidecars' labels are, so a record holds nothing a sidecar cannot.
        (label, givenMilliseconds) = (Label.fitting(String(fields[7])).text, given)
        (replacedLabel, replacedMilliseconds, replacedMachine) = (Label.fitting(String(fields[8])).text, replaced, String(fields[5]))
    }

    /// The times a sidecar holds, to the millisecond.
    private static let times = ClampedDate.milliseconds(of: ClampedDate.earliest)...ClampedDate.milliseconds(of: ClampedDate.latest)

    /// The sidecar with this change in it; nil where it holds it already, or where it is of
    /// another photo, one added at another time under the same name.
    func applied(to sidecar: Sidecar) -> (merged: Sidecar, merge: SidecarMerge?)? {
        guard sidecar.addedMilliseconds == addedMilliseconds else { return nil }
        let knows = { (label: String, time: Int64) in
            (sidecar.label == label && sidecar.labelChangedMilliseconds == time)
                || sidecar.history.entries.contains { $0.label == label && $0.changedMilliseconds == time }
        }
        // A change of the label alone counts no turn, and adds none; nor does a sidecar whose
        // rotation another program set, without turns, take any: it would count them twice.
        let setElsewhere = sidecar.turns.entries[SidecarTurns.baseMachine].map { $0.degrees != 0 } ?? false
        var turned = turns.count > 0 && !setElsewhere ? sidecar.turns.merged(with: SidecarTurns(entries: [machine: turns])) : sidecar.turns
        if knows(label, givenMilliseconds) {
            guard turned != sidecar.turns else { return nil }
            var merged = sidecar
            merged.turns = turned
            merged.rotation = turned.rotation
            return (merged, nil)
        }
        // The sidecar the change wrote, as far as this one tells: the label it replaced went into
        // its history, which makes it the later by `SidecarMerge` where that is the label here,
        // and keeps the link where a later change was read first.
        var written = sidecar
        (written.label, written.labelChangedMilliseconds, written.machine, written.id) = (label, givenMilliseconds, machine, photoID)
        written.history = sidecar.history.merged(with: SidecarHistory(), adding: [SidecarHistory.Entry(
            label: replacedLabel, changedMilliseconds: replacedMilliseconds, machine: replacedMachine)])
        turned = turned.merged(with: sidecar.turns)
        written.turns = turned
        // Neither side's file time: each computer merges a record against its own file.
        let merge = SidecarMerge(SidecarMerge.Side(sidecar: sidecar, modifiedNanoseconds: 0),
                                 SidecarMerge.Side(sidecar: written, modifiedNanoseconds: 0))
        return merge.merged.sidecar == sidecar && merge.merged.sidecar.history == sidecar.history
            && merge.merged.sidecar.turns == sidecar.turns ? nil : (merge.merged.sidecar, merge)
    }
}
