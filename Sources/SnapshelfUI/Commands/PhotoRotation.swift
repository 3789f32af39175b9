// Ctrl+R and Ctrl+Shift+R: turns the chosen photos a quarter clockwise or counterclockwise at
// once, with "Rotated 2 photos" and Undo at the foot of the window. Tiles follow through the
// store's refresh; the viewer shows its photo again, decoded turned.
import SnapshelfGlue
import SnapshelfModel

@MainActor
struct PhotoRotation {
    let window: LibraryWindow

    /// Turns the photos `degrees` clockwise (negative: counterclockwise), offering to undo it.
    func rotate(_ photos: [Photo], by degrees: Int) {
        guard !photos.isEmpty else { return }
        let undo: RotationUndo
        do {
            undo = try window.store.library.rotate(photosWithIDs: photos.map(\.id), by: degrees)
            try window.store.refresh()
        } catch {
            window.notification.show(String(format: tr("The photos were not rotated: %@"), "\(error)"))
            return
        }
        showAgain()
        let message = String(format: trn("Rotated %d photo", "Rotated %d photos", undo.count), undo.count)
        window.undoNotice.show(message, undo: { [window] in
            do {
                try window.store.library.undo(undo)
                try window.store.refresh()
            } catch {
                window.notification.show(String(format: tr("The rotation could not be undone: %@"), "\(error)"))
            }
            PhotoRotation(window: window).showAgain()
        }, finish: {})
    }

    /// The viewer's photo as it now is, decoded again with its new rotation.
    private func showAgain() {
        guard window.isViewing, let id = window.viewer.photo?.id, let position = window.store.position(ofPhotoWithID: id) else {
            return
        }
        window.viewer.show(position: position)
    }
}
