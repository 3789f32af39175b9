// The window's undo and redo of what it did to photos: labels, rotations, removals (its own and
// those other computers made) and imports. Ctrl+Z undoes the last step, Ctrl+Shift+Z redoes it,
// for as many steps as the history holds; the notice says each, or that there is nothing to undo
// or redo. A removal is final only when the history lets go of it: when it falls off the bottom,
// when a new step ends the redo of an undone import, or when the window closes. Until then its
// files wait in the library folder, where the next start completes a removal a crash cut short.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class EditHistory {
    let notice: UndoNotice
    private var steps = UndoHistory<UndoStep>()

    init(toasts: ToastOverlay) {
        notice = UndoNotice(toasts: toasts)
        notice.onUndo = { [weak self] in self?.undo() }
        notice.onRedo = { [weak self] in self?.redo() }
    }

    /// Records what was just done, and offers to undo it.
    func record(_ step: UndoStep) {
        steps.record(step).forEach { $0.finish() }
        notice.show(step.message, canUndo: true, canRedo: false)
    }

    func undo() {
        guard let step = steps.nextUndo else {
            return notice.show(tr("Nothing to undo"), canUndo: false, canRedo: steps.nextRedo != nil)
        }
        guard let reversed = step.reverse() else { return }
        steps.undid(reversed)
        // TRANSLATORS: %@ is what was undone, such as “Rotated 2 photos”.
        notice.show(String(format: tr("Undone: %@"), step.message), canUndo: steps.nextUndo != nil, canRedo: true)
    }

    func redo() {
        guard let step = steps.nextRedo else {
            return notice.show(tr("Nothing to redo"), canUndo: steps.nextUndo != nil, canRedo: false)
        }
        guard let reversed = step.reverse() else { return }
        steps.redid(reversed)
        // TRANSLATORS: %@ is what was done again, such as “Rotated 2 photos”.
        notice.show(String(format: tr("Redone: %@"), reversed.message), canUndo: true, canRedo: steps.nextRedo != nil)
    }

    /// Makes every step final, as when the window that could undo them closes.
    func finishAll() {
        notice.hide()
        steps.removeAll().forEach { $0.finish() }
    }
}
