// Importing photos: a file chooser, then for each chosen file a check that it is an image, then
// the label dialog, then the save. Reading and previewing happen on worker threads.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ImportFlow {
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let parent: GObjectRef
    private let report: @MainActor (String) -> Void
    private let saved: @MainActor (Int) -> Void
    /// GTK does not keep a native chooser alive while it is open, so the flow does until it answers.
    private var chooser: GObjectRef?
    private(set) var dialog: LabelDialog?
    private var queue: [URL] = []
    private var next = 0
    /// The photo the dialog shows now, checked and previewed.
    private var current: PhotoCandidate?

    /// - Parameters:
    ///   - report: shows a problem with one file; the import goes on with the others.
    ///   - saved: called with the position of each photo saved.
    init(store: PhotoStore, loader: ThumbnailLoader, parent: GObjectRef,
         report: @escaping @MainActor (String) -> Void, saved: @escaping @MainActor (Int) -> Void) {
        self.store = store
        self.loader = loader
        self.parent = parent
        self.report = report
        self.saved = saved
    }

    var isRunning: Bool { dialog != nil || chooser != nil }

    func chooseFiles() {
        guard !isRunning else { return }
        let native = GObjectRef(adopting: gtk_file_chooser_native_new(
            "Import Photos", parent.typed(), GTK_FILE_CHOOSER_ACTION_OPEN, "_Import", "_Cancel"))
        gtk_file_chooser_set_select_multiple(native.opaque, 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "Photos")
        gtk_file_filter_add_pixbuf_formats(filter)
        gtk_file_chooser_add_filter(native.opaque, filter)
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
            guard let path = g_file_get_path(OpaquePointer(file)) else { return nil }
            defer { g_free(path) }
            return URL(fileURLWithPath: String(cString: path))
        }
    }

    /// Labels and saves the files one by one; used by the chooser and by every other way in.
    func importFiles(_ urls: [URL]) {
        guard !isRunning, !urls.isEmpty else { return }
        queue = urls
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
            current = candidate
            dialog.show(candidate, number: number, of: queue.count)
        case .failure(let error):
            report("Could not import “\(error.fileName)”: \(error.explanation).")
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
        case .save(let label):
            guard let candidate = current else { return }
            current = nil
            do {
                saved(try store.save(candidate, label: label))
            } catch {
                report("Could not import “\(error.fileName)”: \(error.explanation).")
            }
            inspectNext()
        }
    }

    private func finish() {
        dialog?.close()
        dialog = nil
        current = nil
        queue = []
    }
}
