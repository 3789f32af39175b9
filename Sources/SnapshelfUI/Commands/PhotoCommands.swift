// What the window's commands do to photos: edit their label, remove them (with an undo, then the
// Trash), copy one to the clipboard, and show one in the file manager. The window says which
// photos: the selection, or the one in the viewer.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class PhotoCommands {
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let textures: TextureCache
    private let window: Window
    private let notification: InAppNotification
    private let undoNotice: UndoNotice
    private(set) var editDialog: LabelDialog?
    /// Called after labels changed, so a viewer showing one shows the new label.
    var relabelled: (@MainActor () -> Void)?
    /// Called after photos were taken out.
    var removed: (@MainActor () -> Void)?
    /// Called with the positions of photos put back, by an undo or a Trash that refused them.
    var restored: (@MainActor (_ positions: [Int]) -> Void)?

    init(store: PhotoStore, loader: ThumbnailLoader, textures: TextureCache, window: Window,
         notification: InAppNotification, undoNotice: UndoNotice) {
        (self.store, self.loader, self.textures) = (store, loader, textures)
        (self.window, self.notification, self.undoNotice) = (window, notification, undoNotice)
    }

    /// The same dialog as for importing, filled in with the label; it applies to every photo given.
    func editLabel(of photos: [Photo]) {
        guard let first = photos.first else { return }
        editDialog?.close()
        let dialog = LabelDialog(parent: window)
        editDialog = dialog
        dialog.edit(first, withOthers: Array(photos.dropFirst()), thumbnail: nil)
        let ticket = textures.texture(for: first, size: .large) { [weak dialog] texture in dialog?.showThumbnail(texture) }
        dialog.onResponse = { [weak self, weak dialog] response in
            ticket.cancel()
            dialog?.close()
            guard let self else { return }
            editDialog = nil
            guard case .save(let text, _, _) = response else { return }
            relabel(photos, as: text)
        }
    }

    /// Gives the photos the label, offering to undo it, which gives each its own label back. The
    /// labels replaced are the library's, read as it changes them, not the grid's, which another
    /// process may have changed since the grid last showed them.
    private func relabel(_ photos: [Photo], as text: String) {
        let undo: LabelUndo
        do {
            let label = try SnapshelfModel.Label(text)
            undo = try store.library.relabel(photosWithIDs: photos.map(\.id), as: label)
            try store.refresh()
            if let note = label.normalisation {
                notification.show(note)
            }
        } catch {
            notification.show(String(format: tr("The label was not changed: %@"), "\(error)"))
            relabelled?()
            return
        }
        let changed = photos.filter { undo.previous[$0.id] != nil }
        if !changed.isEmpty {
            let message = changed.count == 1
                ? String(format: tr("Labelled “%@”"), changed[0].displayName)
                : String(format: trn("Labelled %d photo", "Labelled %d photos", changed.count), changed.count)
            undoNotice.show(message, undo: { [weak self] in self?.restoreLabels(undo) }, finish: {})
        }
        relabelled?()
    }

    /// Gives each photo back the label it had, as Undo after a relabel does, except where the
    /// label was changed again meanwhile, which the person is told.
    private func restoreLabels(_ undo: LabelUndo) {
        do {
            let restoration = try store.library.undo(undo)
            try store.refresh()
            if let note = Self.note(on: restoration) {
                notification.show(note)
            }
        } catch {
            notification.show(String(format: tr("The labels could not be put back: %@"), "\(error)"))
        }
        relabelled?()
    }

    /// What to tell of photos an undo left with a label from elsewhere, or found gone.
    private static func note(on restoration: LabelRestoration) -> String? {
        let (changed, removed) = (restoration.changedElsewhere.count, restoration.removedElsewhere.count)
        let parts = [
            changed == 0 ? nil : String(format: trn("%d photo was not restored: its label was changed elsewhere meanwhile",
                                                    "%d photos were not restored: their labels were changed elsewhere meanwhile",
                                                    changed), changed),
            removed == 0 ? nil : String(format: trn("%d photo was not restored: it was removed elsewhere meanwhile",
                                                    "%d photos were not restored: they were removed elsewhere meanwhile",
                                                    removed), removed),
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + "."
    }

    /// Takes the photos out at once; their files wait for the undo to expire before they go to
    /// the Trash.
    func remove(_ photos: [Photo]) {
        guard !photos.isEmpty else { return }
        let removal: Removal
        do {
            removal = try store.library.remove(photosWithIDs: photos.map(\.id))
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos were not removed: %@"), "\(error)"))
            return
        }
        let count = removal.photos.count
        undoNotice.show(String(format: trn("Removed %d photo", "Removed %d photos", count), count), undo: { [weak self] in
            self?.undo(removal)
        }, finish: { [weak self] in
            self?.complete(removal)
        })
        removed?()
    }

    private func undo(_ removal: Removal) {
        do {
            try store.library.undo(removal)
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos could not be put back: %@"), "\(error)"))
            return
        }
        restored?(removal.photos.compactMap { store.position(ofPhotoWithID: $0.id) })
    }

    /// Sends the files to the Trash. Photos whose files it will not take come back into the
    /// grid, since their copies are never deleted, and the person is told why.
    private func complete(_ removal: Removal) {
        let failures: [TrashFailure]
        do {
            failures = try store.library.complete(removal)
        } catch {
            notification.show(String(format: tr("Removed photos stay in the library folder: %@"), "\(error)"))
            return
        }
        guard let first = failures.first else { return }
        try? store.refresh()
        restored?([])
        let message = failures.count == 1
            ? String(format: tr("“%@” could not be moved to the Trash: %@."), first.photo.displayName, first.explanation)
            : String(format: trn("%d photo could not be moved to the Trash: %@.", "%d photos could not be moved to the Trash: %@.",
                                 failures.count), failures.count, first.explanation)
        notification.show(message)
    }

    /// Puts the photo itself, not its thumbnail, on the clipboard once it is decoded.
    func copy(_ photo: Photo) {
        loader.image(of: photo.fileURL, fittingIn: PhotoViewer.decodedSize, rotation: photo.rotation) { [weak self] result in
            MainLoop.perform { [weak self] in
                guard let self else { return }
                switch result {
                case .success(let image):
                    window.clipboard.set(Texture(pixbuf: image.pixbuf))
                case .failure(let error):
                    notification.show(String(format: tr("The photo was not copied: %@"), "\(error)"))
                }
            }
        }
    }

    /// Asks the file manager to show the library's copy; without one, opens its folder.
    func showInFiles(_ photo: Photo) {
        SessionBus.call("org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
                        interface: "org.freedesktop.FileManager1", method: "ShowItems",
                        strings: [photo.fileURL.absoluteString], string: "") { [weak self] shown in
            guard !shown else { return }
            do throws(GLibError) {
                try DefaultApp.open(photo.fileURL.deletingLastPathComponent())
            } catch {
                self?.notification.show(String(format: tr("The photo could not be shown in Files: %@. It is %@."),
                                               error.message.isEmpty ? tr("no file manager answered") : error.message,
                                               photo.fileURL.path))
            }
        }
    }
}
