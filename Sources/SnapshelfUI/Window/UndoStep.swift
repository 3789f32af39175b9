// One entry of the window's undo history: what was done, as the notice says it, how to reverse
// it, and what makes it final once the history lets go of it; several may be joined into one.
import SnapshelfModel

@MainActor
struct UndoStep {
    /// What the step did, as the notice says it: "Rotated 2 photos". The step that reverses it
    /// carries the same words, since Redo does it again.
    let message: String
    /// Undoes the step, or for a step on the redo side redoes it, and returns the step that
    /// reverses that; nil when it failed, which it has told, so the step stays where it is.
    let reverse: @MainActor () -> UndoStep?
    /// Makes the step final when it can no longer be reversed: a removal's files go to the Trash.
    var finish: @MainActor () -> Void = {}

    /// Several steps as one, such as an import with the labels its dialog changed: reversed last
    /// first, and reversed back as one; nil when none of them could be reversed.
    static func joined(_ steps: [UndoStep], message: String) -> UndoStep {
        UndoStep(message: message, reverse: {
            let reversed = steps.reversed().compactMap { $0.reverse() }
            return reversed.isEmpty ? nil : joined(reversed.reversed(), message: message)
        }, finish: { steps.forEach { $0.finish() } })
    }
}
