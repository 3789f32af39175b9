// The window's undo and redo of what it did to photos: labels, rotations, removals (its own and
// those other computers made) and imports. Ctrl+Z undoes the last step, Ctrl+Shift+Z redoes it,
// for as many steps as the history holds; a toast says each, with Undo for a step done or redone
// and Redo for a step undone, or that there is nothing to undo or redo. A removal is final only when the history lets go of it: when it falls off the bottom,
// when a new step ends the redo of an undone import, or when the window closes. Until then its
// files wait in the library folder, where the next start completes a removal a crash cut short.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class EditHistory {
    let notice: Notices
    private var steps = UndoHistory<UndoStep>()

    init(notices: Notices) {
        notice = notices
        notice.onUndo = { [weak self] in self?.undo() }
        notice.onRedo = { [weak self] in self?.redo() }
    }

    /// Records what was just done, and offers to undo it.
    func record(_ step: UndoStep) {
        steps.record(step).forEach { $0.finish() }
        notice.offer(.undo, step.message)
    }

    func undo() {
        guard let step = steps.nextUndo else {
            return notice.offer(steps.nextRedo == nil ? nil : .redo, tr("Nothing to undo"))
        }
        guard let reversed = step.reverse() else { return }
        steps.undid(reversed)
        // Redo beside the words of what was undone: Undo there would undo an older step, which
        // the toast does not name. Ctrl+Z goes on undoing.
        // TRANSLATORS: %@ is what was undone, such as “Rotated 2 photos”.
        notice.offer(.redo, String(format: tr("Undone: %@"), step.message))
    }

    func redo() {
        guard let step = steps.nextRedo else {
            return notice.offer(steps.nextUndo == nil ? nil : .undo, tr("Nothing to redo"))
        }
        guard let reversed = step.reverse() else { return }
        steps.redid(reversed)
        // TRANSLATORS: %@ is what was done again, such as “Rotated 2 photos”.
        notice.offer(.undo, String(format: tr("Redone: %@"), reversed.message))
    }

    /// Makes every step final, as when the window that could undo them closes.
    func finishAll() {
        notice.dismiss()
        steps.removeAll().forEach { $0.finish() }
    }
}
