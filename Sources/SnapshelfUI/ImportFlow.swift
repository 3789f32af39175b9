// Importing photos: a file or folder chooser (or a drop, or files given to the app), then for each
// file a check that it is a whole image, then the label dialog, then the save. When the person
// chooses one label for the rest, the rest import on a worker thread behind a progress bar.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ImportFlow {
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let parent: GObjectRef
    private let notification: InAppNotification
    private let saved: @MainActor (Int) -> Void
    let progressBar = ImportProgressBar()
    private let worker: ImportWorker
    /// How the background import went, for the summary when it ends.
    private var tally = (added: 0, duplicates: 0, restored: 0, failed: 0)
    /// GTK does not keep a native chooser alive while it is open, so the flow does until it answers.
    private var chooser: GObjectRef?
    private(set) var dialog: LabelDialog?
    private(set) var batch: BatchImport?
    private var isCollecting = false
    private var pendingSaves = 0
    private var queue: [URL] = []
    private var next = 0
    /// The photo the dialog shows now, checked and previewed, and the library's photo with the
    /// same content, if any.
    private var current: (candidate: PhotoCandidate, existing: Photo?)?

    /// - Parameters:
    ///   - notification: where problems with single files are told; the import goes on with the others.
    ///   - saved: called with the position of each photo saved from the dialog.
    init(store: PhotoStore, loader: ThumbnailLoader, parent: GObjectRef, notification: InAppNotification,
         saved: @escaping @MainActor (Int) -> Void) {
        self.store = store
        self.loader = loader
        self.parent = parent
        self.notification = notification
        worker = ImportWorker(directory: store.library.directory)
        self.saved = saved
        progressBar.onCancel = { [weak self] in self?.batch?.cancel() }
    }

    var isRunning: Bool { dialog != nil || chooser != nil || batch != nil || isCollecting || pendingSaves > 0 }

    func chooseFiles() {
        choose(title: tr("Import Photos"), action: GTK_FILE_CHOOSER_ACTION_OPEN, filtered: true)
    }

    func chooseFolders() {
        choose(title: tr("Import Folder"), action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, filtered: false)
    }

    private func choose(title: String, action: GtkFileChooserAction, filtered: Bool) {
        guard !refuseWhileRunning() else { return }
        let native = GObjectRef(adopting: gtk_file_chooser_native_new(title, parent.typed(), action, tr("_Import"), tr("_Cancel")))
        gtk_file_chooser_set_select_multiple(native.opaque, 1)
        if filtered {
            let photos = GObjectRef(adopting: gtk_file_filter_new())
            gtk_file_filter_set_name(photos.opaque, tr("Photos"))
            gtk_file_filter_add_pixbuf_formats(photos.opaque)
            gtk_file_chooser_add_filter(native.opaque, photos.opaque)
            // Any file can be tried; one that is no photo is then refused with its reason.
            let everything = GObjectRef(adopting: gtk_file_filter_new())
            gtk_file_filter_set_name(everything.opaque, tr("All Files"))
            gtk_file_filter_add_pattern(everything.opaque, "*")
            gtk_file_chooser_add_filter(native.opaque, everything.opaque)
        }
        native.connect("response") { [weak self] (response: Int32) in
            guard let self, let chooser else { return }
            let urls = response == GTK_RESPONSE_ACCEPT.rawValue ? Self.chosenFiles(of: chooser) : []
            self.chooser = nil
            importFiles(urls)
        }
        chooser = native
        gtk_native_dialog_show(native.typed())
    }

    private static func chosenFiles(of chooser: GObjectRef) -> [URL] {
        guard let files = gtk_file_chooser_get_files(chooser.opaque) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            return url(of: OpaquePointer(file))
        }
    }

    /// The local path of a GFile; nil for a remote location, which cannot be imported.
    static func url(of file: OpaquePointer) -> URL? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }

    /// Imports files and folders (searched for photos): used by the choosers, drops and the app's
    /// open request. Listing a large folder happens on a worker thread.
    func importFiles(_ urls: [URL]) {
        guard !urls.isEmpty, !refuseWhileRunning() else { return }
        // Messages about an earlier import would only confuse this one's.
        notification.dismiss()
        isCollecting = true
        DispatchQueue.global(qos: .userInitiated).async {
            let collection = FileCollector.collect(urls, recursive: true)
            MainLoop.perform { [weak self] in self?.label(collection) }
        }
    }

    private func refuseWhileRunning() -> Bool {
        guard isRunning else { return false }
        notification.show(tr("An import is already running. Wait for it to finish, or cancel it, then try again."))
        return true
    }

    private func label(_ collection: FileCollector.Collection) {
        isCollecting = false
        collection.problems.forEach(reportFailure)
        guard !collection.files.isEmpty else {
            if collection.problems.isEmpty {
                notification.show(tr("There are no photos to import there."))
            }
            return
        }
        queue = collection.files
        next = 0
        let dialog = LabelDialog(parent: parent)
        dialog.onResponse = { [weak self] response in self?.respond(response) }
        self.dialog = dialog
        inspectNext()
    }

    private func inspectNext() {
        guard next < queue.count else { return finish() }
        let number = next + 1
        let url = queue[next]
        next += 1
        dialog?.setBusy(true)
        loader.candidate(inspecting: url, previewSize: LabelDialog.previewSize) { result in
            MainLoop.perform { [weak self] in self?.present(result, number: number) }
        }
    }

    private func present(_ result: Result<PhotoCandidate, ImportError>, number: Int) {
        guard let dialog else { return }
        switch result {
        case .success(let candidate):
            let existing = try? store.library.photo(withContentHash: candidate.sha256)
            current = (candidate, existing)
            // A sidecar beside the original that could not be read, so its title is not offered.
            candidate.titleNotes.forEach { notification.show(String(format: tr("Note: %@"), $0)) }
            dialog.show(candidate, number: number, of: queue.count, existing: existing)
        case .failure(let error):
            reportFailure(error)
            inspectNext()
        }
    }

    private func respond(_ response: LabelDialog.Response) {
        switch response {
        case .cancel:
            finish()
        case .skip:
            guard current != nil else { return }
            current = nil
            inspectNext()
        case .save(let text, let forTheRest):
            guard let (candidate, existing) = current else { return }
            current = nil
            guard let label = makeLabel(text, for: candidate.sourceURL) else { return inspectNext() }
            let name = candidate.sourceURL.lastPathComponent
            pendingSaves += 1
            worker.perform({ library throws -> Int64 in
                // Adding a photo already there still mends its copy if that is missing or damaged.
                let outcome = try library.add(candidate, label: label)
                if existing != nil, outcome != .added(outcome.photo) {
                    try library.relabel(photoWithID: outcome.photo.id, as: label)
                }
                return outcome.photo.id
            }, completion: { [weak self] result in self?.finishSaving(name, result) })
            if forTheRest {
                let rest = Array(queue[next...])
                finish()
                startBatch(rest, label: label)
            } else {
                inspectNext()
            }
        }
    }

    /// Shows a photo the worker saved, selected and scrolled into view.
    private func finishSaving(_ name: String, _ result: Result<Int64, any Error>) {
        pendingSaves -= 1
        switch result {
        case .success(let id):
            try? store.refresh()
            if let position = store.position(ofPhotoWithID: id) {
                saved(position)
            }
        case .failure(let error as ImportError):
            reportFailure(error)
        case .failure(let error):
            notification.show(String(format: tr("Could not save “%@”: %@."), name, "\(error)"))
        }
    }

    /// The label to save, with a note when it was normalised; nil after saying why it cannot be used.
    private func makeLabel(_ text: String, for file: URL) -> SnapshelfModel.Label? {
        do {
            let label = try SnapshelfModel.Label(text)
            if let normalisation = label.normalisation {
                notification.show(String(format: tr("In the label of “%@”, %@."), file.lastPathComponent, normalisation))
            }
            return label
        } catch {
            notification.show(String(format: tr("“%@” was not saved: %@."), file.lastPathComponent, "\(error)"))
            return nil
        }
    }

    private func reportFailure(_ error: ImportError) {
        notification.show(String(format: tr("Could not import “%@”: %@."), error.fileName, error.explanation))
    }

    /// Imports the files with one label behind the saves before them, shown by the window's refresh.
    /// The label is always given: nil would give each photo its own title, not the one chosen.
    private func startBatch(_ files: [URL], label: SnapshelfModel.Label) {
        guard !files.isEmpty else { return }
        let batch = BatchImport()
        self.batch = batch
        tally = (0, 0, 0, 0)
        progressBar.show(completed: 0, of: files.count, current: files[0].lastPathComponent)
        let directory = store.library.directory
        worker.perform {
            do {
                try batch.run(files, label: label, libraryDirectory: directory) { progress in
                    MainLoop.perform { [weak self] in self?.batchProgressed(progress) }
                }
            } catch {
                let message = String(format: tr("The import stopped: %@."), "\(error)")
                MainLoop.perform { [weak self] in self?.notification.show(message) }
            }
            MainLoop.perform { [weak self] in self?.batchFinished(total: files.count) }
        }
    }

    private func batchProgressed(_ progress: BatchImport.Progress) {
        progressBar.show(completed: progress.completed, of: progress.total, current: progress.file.lastPathComponent)
        switch progress.result {
        case .success(.added): tally.added += 1
        case .success(.duplicate): tally.duplicates += 1
        case .success(.restored): tally.restored += 1
        case .failure(let error):
            tally.failed += 1
            reportFailure(error)
        }
    }

    private func batchFinished(total: Int) {
        let cancelled = batch?.isCancelled == true
        batch = nil
        progressBar.hide()
        try? store.refreshIfChanged()
        let handled = tally.added + tally.duplicates + tally.restored + tally.failed
        var summary = cancelled
            ? String(format: tr("Import cancelled after %d of %d photos; the %d imported are kept."), handled, total, tally.added)
            : String(format: trn("Imported %d photo.", "Imported %d photos.", tally.added), tally.added)
        if tally.duplicates > 0 {
            summary += " " + String(format: trn("%d was already in the library.", "%d were already in the library.",
                                                tally.duplicates), tally.duplicates)
        }
        if tally.restored > 0 {
            summary += " " + String(format: trn("%d was in the library with a missing or damaged copy, now mended.",
                                                "%d were in the library with missing or damaged copies, now mended.",
                                                tally.restored), tally.restored)
        }
        if tally.failed > 0 {
            summary += " " + String(format: trn("%d could not be imported.", "%d could not be imported.", tally.failed),
                                    tally.failed)
        }
        notification.show(summary)
    }

    /// The sidecars the window's library was opened without, written behind its first frame.
    func writePendingSidecars() {
        guard !store.library.isReadOnly else { return }
        worker.writePendingSidecars { [weak self] error in
            self?.notification.show(String(format: tr("Some labels could not be written beside their photos: %@"), "\(error)"))
        }
    }

    private func finish() {
        dialog?.close()
        dialog = nil
        current = nil
        queue = []
    }
}
