// The import behind the progress bar: the files one label was chosen for, or a Shotwell library's
// photos with their titles, imported on the worker after the saves before them, each file shown
// as it is done, and a summary at the end.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class BackgroundImport {
    private let store: PhotoStore
    private let worker: ImportWorker
    private let notification: Notices
    let progressBar = ImportProgressBar()
    private(set) var batch: BatchImport?
    /// How the import is going, for the notification when it ends.
    private var summary = ImportSummary()
    /// What became of each file the import saved, whether it added a photo or found it there.
    private var outcomes: [ImportOutcome] = []
    /// Called at the end with those outcomes, and whether the person cancelled the import: for the
    /// window's selection of what the import brought in, and its undo of what it added.
    var finished: (@MainActor ([ImportOutcome], _ cancelled: Bool) -> Void)?
    /// Counts each file for an import that tells its end in words of its own, such as Shotwell's,
    /// in place of the usual summary; nil for the usual one.
    private var counting: (@MainActor (BatchImport.Progress) -> Void)?
    /// How the photos saved from the label dialog before it went, which the summary counts too.
    private var earlier: @MainActor () -> ImportSummary = { ImportSummary() }
    /// How many of the import's files the label dialog went through before handing on the rest,
    /// so the bar counts the whole import, as the person chose it.
    private var handedOnAfter = 0
    /// What Cancel Import stops while the bar shows work before the import, such as the reading
    /// of Shotwell's database.
    var cancelledBeforeStart: (@MainActor () -> Void)?

    init(store: PhotoStore, worker: ImportWorker, notification: Notices) {
        self.store = store
        self.worker = worker
        self.notification = notification
        progressBar.onCancel = { [weak self] in
            guard let self else { return }
            if let batch { batch.cancel() } else { cancelledBeforeStart?() }
        }
    }

    var isRunning: Bool { batch != nil }

    /// Imports the files with one label, shown by the window's refresh as they arrive.
    /// - Parameters:
    ///   - label: the one chosen for the rest; nil gives each photo its own title, or none.
    ///   - details: what another app's catalogue brings for each file, such as Shotwell's titles.
    ///   - keepingFoundTitles: photos with a title in their files keep it instead of the label.
    ///   - earlier: the tally of the saves before, asked at the end, once they are all done.
    ///   - counting: counts each file for an end the caller tells itself, instead of the summary.
    ///   - handedOnAfter: how many files the label dialog went through before these.
    func start(_ files: [URL], label: SnapshelfModel.Label?, details: [ImportedDetails]? = nil, keepingFoundTitles: Bool,
               counting: (@MainActor (BatchImport.Progress) -> Void)? = nil, handedOnAfter: Int = 0,
               after earlier: @escaping @MainActor () -> ImportSummary) {
        guard let first = files.first else { return }
        let batch = BatchImport()
        self.batch = batch
        summary = ImportSummary()
        outcomes = []
        self.earlier = earlier
        self.counting = counting
        self.handedOnAfter = handedOnAfter
        let total = handedOnAfter + files.count
        progressBar.show(file: handedOnAfter + 1, named: DisplayName.baseName(of: first), of: total, completed: handedOnAfter)
        worker.run(batch, files, label: label, keepingFoundTitles: keepingFoundTitles, details: details, progress: { [weak self] progress in
            self?.progressed(progress)
        }, finished: { [weak self] error in
            self?.finished(total: files.count, stoppedBy: error)
        })
    }

    private func progressed(_ progress: BatchImport.Progress) {
        let done = handedOnAfter + progress.completed
        progressBar.show(file: done, named: DisplayName.baseName(of: progress.file), of: handedOnAfter + progress.total, completed: done)
        summary.count(progress)
        counting?(progress)
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
        if counting == nil, cancelled || !(before + summary).onlyAdded {
            notification.show((before + summary).sentence(total: before.handled + total, cancelled: cancelled))
        }
        counting = nil
        finished?(outcomes, cancelled)
    }
}
