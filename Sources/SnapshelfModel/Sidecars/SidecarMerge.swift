// The rule by which two copies of one photo's sidecar, changed on two computers, become one. A
// label given after its computer had seen the other's wins, whatever the clocks say: its history
// holds the label it replaced, by when it was given and its text. Of two labels given while the
// computers were apart, neither having seen the other, the later by the time each sidecar carries
// (`LabelChanged`) wins, then the later file, then the later text, so every computer that merges
// the same two picks the same. The label that loses goes into the history; the rotations merge as
// each computer's turns; everything else is the winner's, its computer's name and photo ID too,
// which belong together. Two computers merging the same copies write the very same bytes.
import Foundation

struct SidecarMerge {
    /// A sidecar and when its file was last modified, in nanoseconds since 1970.
    struct Side {
        let sidecar: Sidecar
        let modifiedNanoseconds: Int64
    }

    let winner: Side
    let loser: Side
    /// Whether the winner's label was given after its computer had seen the loser's.
    let followedTheOther: Bool
    /// The two made one, modified when the winner was, for the next merge with it to tie-break by.
    let merged: Side

    init(_ one: Side, _ other: Side) {
        let key = { (side: Side) in (side.sidecar.labelChangedMilliseconds, side.modifiedNanoseconds, side.sidecar.label) }
        // Each way, so the rule is the same whichever sidecar a computer holds: where each claims
        // to have seen the other, which only a hand-made history can, the times decide.
        let (oneSaw, otherSaw) = (Self.saw(one, other), Self.saw(other, one))
        followedTheOther = oneSaw != otherSaw
        (winner, loser) = followedTheOther ? (oneSaw ? (one, other) : (other, one)) : key(one) >= key(other) ? (one, other) : (other, one)
        var sidecar = winner.sidecar
        sidecar.turns = winner.sidecar.turns.merged(with: loser.sidecar.turns)
        sidecar.rotation = sidecar.turns.rotation
        let lost = loser.sidecar.label == sidecar.label ? [] : [SidecarHistory.Entry(
            label: loser.sidecar.label, changedMilliseconds: loser.sidecar.labelChangedMilliseconds, machine: loser.sidecar.machine ?? "")]
        sidecar.history = winner.sidecar.history.merged(with: loser.sidecar.history, adding: lost)
        merged = Side(sidecar: sidecar, modifiedNanoseconds: winner.modifiedNanoseconds)
    }

    /// Whether `later`'s history holds `earlier`'s label, by when it was given and its text: not
    /// by the computer that last wrote the sidecar, which any rewrite of it changes.
    private static func saw(_ later: Side, _ earlier: Side) -> Bool {
        later.sidecar.history.entries.contains {
            $0.label == earlier.sidecar.label && $0.changedMilliseconds == earlier.sidecar.labelChangedMilliseconds
        }
    }

    /// Whether two labels met, so that one was kept in the history.
    var labelsDiffered: Bool { winner.sidecar.label != loser.sidecar.label }

    /// What the person is told of the labels that met, on the computer named `machine`; nil when
    /// they were the same.
    func note(on machine: String) -> String? {
        guard labelsDiffered else { return nil }
        let whose = { (side: Side) in side.sidecar.machine == machine ? tr("this computer") : tr("another computer") }
        let (won, lost) = (DecoderText.clean(winner.sidecar.label, limit: 60), DecoderText.clean(loser.sidecar.label, limit: 60))
        if followedTheOther {
            // TRANSLATORS: the labels, each followed by "this computer" or "another computer", then the photo's file name.
            return String(format: tr("the label “%@” (%@) of “%@” was given after “%@” (%@) had reached that computer, so it is kept; “%@” is kept in its history"),
                          won, whose(winner), merged.sidecar.originalFileName.displayed, lost, whose(loser), lost)
        }
        // TRANSLATORS: the labels, each followed by "this computer" or "another computer", then the photo's file name.
        return String(format: tr("the labels “%@” (%@) and “%@” (%@) of “%@” were given while the computers were apart; “%@” has the later time by their clocks and is kept; “%@” is kept in its history"),
                      lost, whose(loser), won, whose(winner), merged.sidecar.originalFileName.displayed, won, lost)
    }
}
