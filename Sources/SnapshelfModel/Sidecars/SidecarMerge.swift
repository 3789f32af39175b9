// The rule by which two copies of one photo's sidecar, changed on two computers while apart, become
// one: the label changed later wins, by the time each sidecar itself carries (`LabelChanged`), then
// by the file's modification time, then by the text, so that every computer that merges the same
// two picks the same; the label that loses goes into the history; the rotations merge as each
// computer's turns; everything else is the winner's, its computer's name and photo ID too, which
// belong together. Two computers merging the same copies write the very same bytes.
import Foundation

struct SidecarMerge {
    /// A sidecar and when its file was last modified, in nanoseconds since 1970.
    struct Side {
        let sidecar: Sidecar
        let modifiedNanoseconds: Int64
    }

    let winner: Side
    let loser: Side
    /// The two made one, modified when the winner was, for the next merge with it to tie-break by.
    let merged: Side

    init(_ one: Side, _ other: Side) {
        let key = { (side: Side) in (side.sidecar.labelChangedMilliseconds, side.modifiedNanoseconds, side.sidecar.label) }
        (winner, loser) = key(one) >= key(other) ? (one, other) : (other, one)
        var sidecar = winner.sidecar
        sidecar.turns = winner.sidecar.turns.merged(with: loser.sidecar.turns)
        sidecar.rotation = sidecar.turns.rotation
        let lost = loser.sidecar.label == sidecar.label ? [] : [SidecarHistory.Entry(
            label: loser.sidecar.label, changedMilliseconds: loser.sidecar.labelChangedMilliseconds, machine: loser.sidecar.machine ?? "")]
        sidecar.history = winner.sidecar.history.merged(with: loser.sidecar.history, adding: lost)
        merged = Side(sidecar: sidecar, modifiedNanoseconds: winner.modifiedNanoseconds)
    }

    /// Whether two labels met, so that one was kept in the history.
    var labelsDiffered: Bool { winner.sidecar.label != loser.sidecar.label }

    /// What the person is told of the labels that met, on the computer named `machine`; nil when
    /// they were the same.
    func note(on machine: String) -> String? {
        guard labelsDiffered else { return nil }
        let whose = { (side: Side) in side.sidecar.machine == machine ? tr("this computer") : tr("another computer") }
        let (won, lost) = (DecoderText.clean(winner.sidecar.label, limit: 60), DecoderText.clean(loser.sidecar.label, limit: 60))
        // TRANSLATORS: the labels, each followed by "this computer" or "another computer", then the photo's file name.
        return String(format: tr("the labels “%@” (%@) and “%@” (%@) of “%@” met; “%@” has the later time by the computers’ clocks and is kept; “%@” is kept in its history"),
                      lost, whose(loser), won, whose(winner), merged.sidecar.originalFileName.displayed, won, lost)
    }
}
