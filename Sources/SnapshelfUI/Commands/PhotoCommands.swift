// What the window's commands do to photos: edit their label, remove them (with an undo and a
// redo, then the Trash), copy one to the clipboard, and show one in the file manager. The window
// says which photos: the selection, or the one in the viewer.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class PhotoCommands {
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let textures: TextureCache
    private let window: Window
    private let notification: Notices
    private let history: EditHistory
    private(set) var editDialog: LabelDialog?
    /// Called after labels changed, so a viewer showing one shows the new label.
    var relabelled: (@MainActor () -> Void)?
    /// Called after photos were taken out.
    var removed: (@MainActor () -> Void)?
    /// Called with the positions of photos put back, by an undo or a Trash that refused them.
    var restored: (@MainActor (_ positions: [Int]) -> Void)?

    init(store: PhotoStore, loader: ThumbnailLoader, textures: TextureCache, window: Window,
         notification: Notices, history: EditHistory) {
        (self.store, self.loader, self.textures) = (store, loader, textures)
        (self.window, self.notification, self.history) = (window, notification, history)
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
        guard let undo = label(photos.map(\.id), as: text) else { return }
        recordRelabel(undo, of: photos)
    }

    /// Gives the photo back a label it had before, as a step that can be undone.
    func restoreEarlierLabel(_ text: String, of photo: Photo) {
        relabel([photo], as: text)
    }

    /// Offers to undo a relabel, here or in Shotwell's import, of the photos it changed.
    func recordRelabel(_ undo: LabelUndo, of photos: [Photo]) {
        relabelStep(undo, of: photos).map(history.record)
    }

    /// The step that undoes a relabel of the photos it changed; nil when it changed none.
    private func relabelStep(_ undo: LabelUndo, of photos: [Photo]) -> UndoStep? {
        let changed = photos.filter { undo.previous[$0.id] != nil }
        guard !changed.isEmpty else { return nil }
        // The label, which is how the person knows the photo; the file name only for no label.
        let message = changed.count > 1
            ? String(format: trn("Labelled %d photo", "Labelled %d photos", changed.count), changed.count)
            // TRANSLATORS: %@ is the file name of a photo whose label was taken off.
            : undo.label.isEmpty ? String(format: tr("Took the label off “%@”"), changed[0].displayName)
            // TRANSLATORS: %@ is the photo's new label.
            : String(format: tr("Labelled “%@”"), undo.label)
        return labelStep(undo, message)
    }

    /// Gives the photos the label; nil when that failed, which the person is told.
    private func label(_ ids: [Int64], as text: String) -> LabelUndo? {
        let undo: LabelUndo
        do {
            let label = try SnapshelfModel.Label(text)
            undo = try store.library.relabel(photosWithIDs: ids, as: label)
            try store.refresh()
            if let note = label.normalisation {
                // TRANSLATORS: %@ says what was changed, as in "2 line breaks or tabs became spaces".
                notification.show(String(format: tr("In the label, %@."), note))
            }
        } catch {
            notification.show(String(format: tr("The label was not changed: %@"), ErrorMessage.of(error)))
            relabelled?()
            return nil
        }
        relabelled?()
        return undo
    }

    /// Undo gives each photo back the label it had, except where the label was changed again
    /// meanwhile, which the person is told; Redo gives the photos it restored the label again.
    private func labelStep(_ undo: LabelUndo, _ message: String) -> UndoStep {
        UndoStep(message: message) { [weak self] in
            guard let self, let restored = restoreLabels(undo) else { return nil }
            return UndoStep(message: message) { [weak self] in
                guard let self, let again = label(restored, as: undo.label) else { return nil }
                return labelStep(again, message)
            }
        }
    }

    /// Gives each photo back its label; returns those that got it, nil when that failed.
    private func restoreLabels(_ undo: LabelUndo) -> [Int64]? {
        defer { relabelled?() }
        do {
            let restoration = try store.library.undo(undo)
            try store.refresh()
            if let note = Self.note(on: restoration) {
                notification.show(note)
            }
            return restoration.restored
        } catch {
            notification.show(String(format: tr("The labels could not be put back: %@"), error.message))
            return nil
        }
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

    /// Takes the photos out at once; their files wait in the library folder while the removal can
    /// be undone, and go to the Trash once the history lets go of it.
    func remove(_ photos: [Photo]) {
        guard let removal = takeOut(photos.map(\.id)) else { return }
        let count = removal.photos.count
        history.record(removalStep(removal, String(format: trn("Removed %d photo", "Removed %d photos", count), count)))
    }

    /// Removes the photos from the library; nil when that failed, which the person is told.
    private func takeOut(_ ids: [Int64]) -> Removal? {
        let removal: Removal
        do {
            removal = try store.library.remove(photosWithIDs: ids)
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos were not removed: %@"), error.message))
            return nil
        }
        removed?()
        return removal
    }

    /// Undo puts the photos back, Redo takes them out again; the files go only when it is final.
    private func removalStep(_ removal: Removal, _ message: String) -> UndoStep {
        UndoStep(message: message, reverse: { [weak self] in
            guard let self, putBack(removal) else { return nil }
            return restorationStep(removal.photos.map(\.id), message)
        }, finish: { [weak self] in self?.complete(removal) })
    }

    /// Offers to undo an import, which takes out the photos it added as a removal does, and
    /// gives photos already in the library the labels the import's dialog replaced: one step.
    func recordImport(of ids: [Int64], relabelling relabels: [(undo: LabelUndo, photos: [Photo])] = []) {
        let relabelSteps = relabels.compactMap { relabelStep($0.undo, of: $0.photos) }
        guard !ids.isEmpty else { return relabelSteps.forEach(history.record) }
        let message = String(format: trn("Imported %d photo", "Imported %d photos", ids.count), ids.count)
        history.record(UndoStep.joined([restorationStep(ids, message)] + relabelSteps, message: message))
    }

    /// Photos put back, which Redo (or Undo, for an import) takes out again.
    func restorationStep(_ ids: [Int64], _ message: String) -> UndoStep {
        UndoStep(message: message) { [weak self] in
            guard let self, let removal = takeOut(ids) else { return nil }
            return removalStep(removal, message)
        }
    }

    private func putBack(_ removal: Removal) -> Bool {
        do {
            try store.library.undo(removal)
            try store.refresh()
        } catch {
            notification.show(String(format: tr("The photos could not be put back: %@"), error.message))
            return false
        }
        restored?(removal.photos.compactMap { store.position(ofPhotoWithID: $0.id) })
        return true
    }

    /// Sends the files to the Trash. Photos whose files it will not take come back into the
    /// grid, since their copies are never deleted, and the person is told why.
    private func complete(_ removal: Removal) {
        let failures: [TrashFailure]
        do {
            failures = try store.library.complete(removal)
        } catch {
            notification.show(String(format: tr("Removed photos stay in the library folder: %@"), error.message))
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
                    notification.show(String(format: tr("The photo was not copied: %@"), ErrorMessage.of(error)))
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
