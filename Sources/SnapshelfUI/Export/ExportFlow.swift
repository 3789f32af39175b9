// Exporting photos, the chosen ones or, for Export All Photos, every photo in the library whatever
// the search shows, in the order they were added: a folder chooser, then a copy of each in it under its original
// name with its label embedded, written on a worker thread behind a progress bar, and at the end a
// notification saying how many went where, how many took a new name and why (a file of theirs, or
// a sidecar other apps would read for them, already there, or another photo of the export with
// their name), or why the export stopped, with *Open Folder*.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ExportFlow {
    private let parent: Window
    private let notification: Notices
    private let library: Library
    /// The photos the window's actions act on, in grid order.
    var chosenPhotos: @MainActor () -> [Photo] = { [] }
    let progressBar = ImportProgressBar(cancelLabel: tr("_Cancel Export"))
    /// GTK does not keep a native chooser alive while it is open, so the flow does until it answers.
    private(set) var chooser: FileChooserNative?
    private(set) var export: PhotoExport?

    init(parent: Window, notification: Notices, library: Library) {
        self.parent = parent
        self.notification = notification
        self.library = library
        progressBar.onCancel = { [weak self] in self?.export?.cancel() }
    }

    var isRunning: Bool { chooser != nil || export != nil }

    /// Asks for the folder, then exports the photos chosen now, not whatever is chosen when it
    /// answers; with `everyPhoto`, all the library's.
    func chooseFolder(everyPhoto: Bool = false) {
        guard let photos = everyPhoto ? allPhotos() : chosenPhotos(), !photos.isEmpty, !refuseWhileRunning() else { return }
        let title = everyPhoto ? tr("Export All Photos") : tr("Export Photos")
        let native = FileChooserNative(title: title, parent: parent, action: .selectFolder,
                                       acceptLabel: tr("_Export"), cancelLabel: tr("_Cancel"), createsFolders: true)
        native.onResponse { [weak self] accepted in
            guard let self, let chooser else { return }
            self.chooser = nil
            guard accepted, let file = chooser.file else { return }
            guard case .local(let folder) = file else {
                return notification.show(tr("Photos can only be exported to a folder on this computer."))
            }
            export(photos, to: folder)
        }
        chooser = native
        native.show()
    }

    /// Exports the chosen photos into the folder, as the chooser does once it has one; with
    /// `everyPhoto`, all the library's.
    func export(to folder: URL, everyPhoto: Bool = false) {
        guard let photos = everyPhoto ? allPhotos() : chosenPhotos() else { return }
        export(photos, to: folder)
    }

    func export(_ photos: [Photo], to folder: URL) {
        guard let first = photos.first, !refuseWhileRunning() else { return }
        // Messages about an earlier export or import would only confuse this one's.
        notification.dismiss()
        let export = PhotoExport()
        self.export = export
        progressBar.show(status: status(completed: 0, of: photos.count, current: first), fraction: 0)
        // Copying and flushing every file takes a while, and the window must go on answering.
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            var exported = 0
            var renamings: [String] = []
            var numbered: [(ExportNumbering, String)] = []
            var failure: ExportError?
            do throws(ExportError) {
                try export.run(photos, to: folder) { progress in
                    exported = progress.completed
                    if let renaming = progress.renaming { renamings.append(renaming) }
                    if let why = progress.numbering { numbered.append((why, DisplayName.of(FileName(url: progress.exported).lastComponent))) }
                    MainLoop.perform { [weak self] in self?.progressed(progress) }
                }
            } catch {
                failure = error
            }
            let (count, renamed, notes, error) = (exported, numbered, renamings, failure)
            MainLoop.perform { [weak self] in
                self?.finish(exported: count, of: photos.count, numbered: renamed, to: folder, notes: notes, failure: error)
            }
        }
    }

    /// Every photo in the library, in the order they were added, as `snapshelf export --all` takes them.
    private func allPhotos() -> [Photo]? {
        do {
            let photos = try library.photos()
            if photos.isEmpty { notification.show(tr("The library has no photos to export.")) }
            return photos
        } catch {
            notification.show(String(format: tr("The photos could not be exported: %@"), error.message))
            return nil
        }
    }

    private func refuseWhileRunning() -> Bool {
        guard isRunning else { return false }
        notification.show(tr("An export is already running. Wait for it to finish, or cancel it, then try again."))
        return true
    }

    private func status(completed: Int, of total: Int, current: Photo) -> String {
        String(format: tr("Exporting %d of %d: %@"), completed, total, current.displayName)
    }

    private func progressed(_ progress: PhotoExport.Progress) {
        progressBar.show(status: status(completed: progress.completed, of: progress.total, current: progress.photo),
                         fraction: Double(progress.completed) / Double(progress.total))
    }

    /// Says how the export ended, then why any copy's name is not its original name.
    private func finish(exported: Int, of total: Int, numbered: [(ExportNumbering, String)], to folder: URL, notes: [String], failure: ExportError?) {
        let cancelled = export?.isCancelled == true
        export = nil
        progressBar.hide()
        defer { notes.forEach { notification.show(String(format: tr("Note: %@"), $0)) } }
        let shown = DisplayName.of(FileName(url: folder))
        if cancelled && failure == nil && exported < total {
            return offerFolder(String(format: tr("Export cancelled after %d of %d photos; the ones exported are in %@."),
                                      exported, total, shown), numbered: numbered, folder)
        }
        if exported > 0 {
            offerFolder(String(format: trn("Exported %d photo to %@.", "Exported %d photos to %@.", exported), exported, shown),
                        numbered: numbered, folder)
        }
        if let failure {
            notification.show(failure.message)
        }
    }

    /// Shows what was exported, with how many copies took a number ("name (2).jpg") and why, as a
    /// re-export into the same folder does, and *Open Folder*.
    private func offerFolder(_ message: String, numbered: [(ExportNumbering, String)], _ folder: URL) {
        var message = message
        for reason in ExportNumbering.allCases {
            let names = numbered.filter { $0.0 == reason }.map(\.1)
            if let example = names.first { message += " " + Self.sentence(reason, count: names.count, example: example) }
        }
        notification.show(message, action: tr("_Open Folder")) { [weak self] in
            do throws(GLibError) {
                try DefaultApp.open(folder)
            } catch {
                self?.notification.show(String(format: tr("The folder could not be opened: %@. It is %@."),
                                               error.message.isEmpty ? tr("no file manager answered") : error.message, folder.path))
            }
        }
    }

    /// How many copies took a number for `reason`, with the first of their names.
    private static func sentence(_ reason: ExportNumbering, count: Int, example: String) -> String {
        let format = switch reason {
        case .nameTaken:
            // TRANSLATORS: %d is how many copies were given new names, %@ the first of those names.
            trn("%d was given a new name, “%@”, since a file of its name was already there.",
                "%d were given new names, such as “%@”, since files of their names were already there.", count)
        case .sidecarBeside:
            // TRANSLATORS: %d is how many copies were given new names, %@ the first; other apps would show what the sidecar says.
            trn("%d was given a new name, “%@”, since an XMP sidecar that other apps would read for it was already there.",
                "%d were given new names, such as “%@”, since XMP sidecars that other apps would read for them were already there.", count)
        case .stemShared:
            // TRANSLATORS: %d is how many copies were given new names, %@ the first; “a.heic” and “a.jpg” would share “a.xmp”.
            trn("%d was given a new name, “%@”, since another file there has its name but another extension, and would share its XMP sidecar.",
                "%d were given new names, such as “%@”, since other files there have their names but other extensions, and would share their XMP sidecars.",
                count)
        case .sameNameInExport:
            // TRANSLATORS: %d is how many copies were given new names, %@ the first; two photos exported together share a name.
            trn("%d was given a new name, “%@”, since another photo in this export has the same name.",
                "%d were given new names, such as “%@”, since other photos in this export have the same names.", count)
        case .stemSharedInExport:
            // TRANSLATORS: %d is how many copies were given new names, %@ the first; “a.heic” and “a.jpg” exported together would share “a.xmp”.
            trn("%d was given a new name, “%@”, since another photo in this export has its name but another extension, and the two would share an XMP sidecar.",
                "%d were given new names, such as “%@”, since other photos in this export have their names but other extensions, and would share XMP sidecars.",
                count)
        }
        return String(format: format, count, example)
    }
}
