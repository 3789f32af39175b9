// Ctrl+R and Ctrl+Shift+R: turns the chosen photos a quarter clockwise or counterclockwise at
// once, with "Rotated 2 photos" in the window's undo history. Tiles follow through the store's
// refresh; the viewer shows its photo again, decoded turned.
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
struct PhotoRotation {
    let window: LibraryWindow

    /// Turns the photos `degrees` clockwise (negative: counterclockwise), offering to undo it.
    func rotate(_ photos: [Photo], by degrees: Int) {
        guard !photos.isEmpty, let undo = turn(photos.map(\.id), by: degrees) else { return }
        window.history.record(step(undo, String(format: trn("Rotated %d photo", "Rotated %d photos", undo.count), undo.count)))
    }

    /// Undo turns the photos back by as much, keeping any turn given since; Redo turns them again.
    private func step(_ undo: RotationUndo, _ message: String) -> UndoStep {
        UndoStep(message: message) { [window] in
            do {
                try window.store.library.undo(undo)
                try window.store.refresh()
            } catch {
                window.notification.show(String(format: tr("The rotation could not be undone: %@"), ErrorMessage.of(error)))
                return nil
            }
            PhotoRotation(window: window).showAgain()
            return UndoStep(message: message) {
                let rotation = PhotoRotation(window: window)
                return rotation.turn(Array(undo.rotations.keys), by: undo.degrees).map { rotation.step($0, message) }
            }
        }
    }

    /// Turns the photos; nil when that failed, which the person is told.
    private func turn(_ ids: [Int64], by degrees: Int) -> RotationUndo? {
        let undo: RotationUndo
        do {
            undo = try window.store.library.rotate(photosWithIDs: ids, by: degrees)
            try window.store.refresh()
        } catch {
            window.notification.show(String(format: tr("The photos were not rotated: %@"), error.message))
            return nil
        }
        showAgain()
        return undo
    }

    /// The viewer's photo as it now is, decoded again with its new rotation.
    private func showAgain() {
        guard window.isViewing, let id = window.viewer.photo?.id, let position = window.store.position(ofPhotoWithID: id) else {
            return
        }
        window.viewer.show(position: position)
    }
}
