// The import behind the progress bar: the files one label was chosen for, imported on the worker
// after the saves before them, each file shown as it is done, and a summary at the end.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class BackgroundImport {
    private let store: PhotoStore
    private let worker: ImportWorker
    private let notification: InAppNotification
    let progressBar = ImportProgressBar()
    private(set) var batch: BatchImport?
    /// How the import is going, for the notification when it ends.
    private var summary = ImportSummary()
    /// What became of each file the import saved, whether it added a photo or found it there.
    private var outcomes: [ImportOutcome] = []
    /// Called at the end, finished or not, with those outcomes: for the window's selection of
    /// what the import brought in, and its undo of what it added.
    var finished: (@MainActor ([ImportOutcome]) -> Void)?
    /// How the photos saved from the label dialog before it went, which the summary counts too.
    private var earlier: @MainActor () -> ImportSummary = { ImportSummary() }

    init(store: PhotoStore, worker: ImportWorker, notification: InAppNotification) {
        self.store = store
        self.worker = worker
        self.notification = notification
        progressBar.onCancel = { [weak self] in self?.batch?.cancel() }
    }

    var isRunning: Bool { batch != nil }

    /// Imports the files with one label, shown by the window's refresh as they arrive.
    /// The label is always given: nil would give each photo its own title, not the one chosen.
    /// - Parameters:
    ///   - keepingFoundTitles: photos with a title in their files keep it instead of the label.
    ///   - earlier: the tally of the saves before, asked at the end, once they are all done.
    func start(_ files: [URL], label: SnapshelfModel.Label, keepingFoundTitles: Bool,
               after earlier: @escaping @MainActor () -> ImportSummary) {
        guard let first = files.first else { return }
        let batch = BatchImport()
        self.batch = batch
        summary = ImportSummary()
        outcomes = []
        self.earlier = earlier
        progressBar.show(completed: 0, of: files.count, current: DisplayName.baseName(of: first))
        worker.run(batch, files, label: label, keepingFoundTitles: keepingFoundTitles, progress: { [weak self] progress in
            self?.progressed(progress)
        }, finished: { [weak self] error in
            self?.finished(total: files.count, stoppedBy: error)
        })
    }

    private func progressed(_ progress: BatchImport.Progress) {
        progressBar.show(completed: progress.completed, of: progress.total, current: DisplayName.baseName(of: progress.file))
        summary.count(progress)
        if case .success(let outcome) = progress.result { outcomes.append(outcome) }
        if case .failure(let error) = progress.result {
            notification.report(error)
        }
    }

    private func finished(total: Int, stoppedBy error: LibraryError?) {
        if let error {
            notification.show(String(format: tr("The import stopped: %@."), error.message))
        }
        let cancelled = batch?.isCancelled == true
        batch = nil
        progressBar.hide()
        try? store.refreshIfChanged()
        let before = earlier()
        // "Imported 4 photos" alone is what the undo notice says, with its Undo.
        if cancelled || !(before + summary).onlyAdded {
            notification.show((before + summary).sentence(total: before.handled + total, cancelled: cancelled))
        }
        finished?(outcomes)
    }
}
