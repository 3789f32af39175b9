// Importing photos: files come from the chooser, a drop or the app's open request; each is then
// labelled in the labelling session and saved on the worker, unless the person chooses one label
// for the rest, which the background import then brings in behind a progress bar. A full disk
// ends the labelling at the first save it refuses, with one message. A Shotwell
// library goes straight to the background import (see `ShotwellImport`). Only one import runs
// at a time; files the app is given meanwhile wait for it to end.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ImportFlow {
    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let parent: Window
    private let notification: Notices
    /// Called with the position of each photo saved from the dialog, then, at the end of an
    /// import of several files, with the positions of all it brought in or found already there.
    /// The window focuses the first of them, unless its search is open, where the person may
    /// be typing while a background import ends.
    var saved: (@MainActor ([Int]) -> Void)?
    /// Called when Shotwell's import relabelled photos in the library, to be undone as any relabel.
    var relabelled: (@MainActor (LabelUndo, [Photo]) -> Void)?
    /// Called once an import is over with the photos it added and the labels its dialog gave
    /// photos already there, so the window can undo it all as one step.
    var imported: (@MainActor (_ ids: [Int64], _ relabels: [(undo: LabelUndo, photos: [Photo])]) -> Void)?
    /// Runs the window's writes in order; internal, so a test can queue a job behind them.
    let worker: ImportWorker
    let chooser: ImportChooser
    private let background: BackgroundImport
    let shotwell: ShotwellImport
    private var session: LabellingSession?
    private var isCollecting = false
    private var pendingSaves = 0
    /// How the photos saved from the dialog went, counted in the summary of a background import
    /// that takes over the rest.
    private var dialogSaves = ImportSummary()
    /// What became of each photo saved from the dialog in this import, and the labels it changed.
    private var dialogOutcomes: [ImportOutcome] = []
    private var dialogRelabels: [(undo: LabelUndo, photos: [Photo])] = []
    /// A one-by-one import that ended, told once the saves it started are done: how many files
    /// it had and whether the person cancelled it.
    private var endedOneByOne: (total: Int, cancelled: Bool)?
    /// Once a save from the dialog found the library's disk full: how many photos of the import
    /// were not imported, the files the dialog had yet to show included, and why; told in one
    /// message when the saves under way are done.
    private var fullDisk: (notImported: Int, cause: String)?
    /// Files the app was given while an import ran, such as by a second launch, imported next.
    private var waiting: [URL] = []

    /// - Parameters:
    ///   - notification: where problems with single files are told; the import goes on with the others.
    init(store: PhotoStore, loader: ThumbnailLoader, parent: Window, notification: Notices) {
        self.store = store
        self.loader = loader
        self.parent = parent
        self.notification = notification
        worker = ImportWorker(directory: store.library.directory) { MainLoop.perform($0) }
        chooser = ImportChooser(parent: parent)
        background = BackgroundImport(store: store, worker: worker, notification: notification)
        shotwell = ShotwellImport(store: store, loader: loader, parent: parent, notification: notification,
                                  worker: worker, background: background)
        background.finished = { [weak self] outcomes, cancelled in
            self?.report(outcomes)
            self?.reveal(outcomes)
            self?.shotwell.finished(outcomes, cancelled: cancelled)
            self?.startWaiting()
        }
        shotwell.mayStart = { [weak self] in self?.refuseWhileRunning() == false }
        shotwell.relabelled = { [weak self] undo, photos in self?.relabelled?(undo, photos) }
        shotwell.ended = { [weak self] in self?.startWaiting() }
    }

    var dialog: LabelDialog? { session?.dialog }
    var batch: BatchImport? { background.batch }
    var progressBar: ImportProgressBar { background.progressBar }

    var isRunning: Bool {
        session != nil || chooser.isOpen || background.isRunning || isCollecting || pendingSaves > 0 || shotwell.isRunning
    }

    func chooseFiles() {
        guard !refuseWhileRunning() else { return }
        chooser.chooseFiles { [weak self] urls in self?.importFiles(urls) }
    }

    func chooseFolders() {
        guard !refuseWhileRunning() else { return }
        chooser.chooseFolders { [weak self] urls in self?.importFiles(urls) }
    }

    /// Imports Shotwell's library from where Shotwell keeps it, else from a database the person chooses.
    func importFromShotwell() {
        guard !refuseWhileRunning() else { return }
        notification.dismiss()
        guard !ShotwellImport.hasDefaultDatabase else { return shotwell.start(ShotwellImport.defaultDatabase) }
        chooser.askForShotwellDatabase(lookedAt: ShotwellLibrary.defaultLocations()) { [weak self] database in
            guard let self else { return }
            guard let database else { return startWaiting() }
            shotwell.start(database)
        }
    }

    /// Imports files and folders (searched for photos): used by the choosers, drops and the app's
    /// open request. Listing a large folder happens on a worker thread.
    func importFiles(_ urls: [URL]) {
        // A chooser that was cancelled may have held back files waiting for it.
        guard !urls.isEmpty else { return startWaiting() }
        // A drop or an Open With on a read-only library: one line, not a refusal per photo.
        if case .readOnlyLibrary? = store.library.writeRefusal {
            return notification.show(tr("Nothing was imported: this library is read-only."))
        }
        guard !refuseWhileRunning() else { return }
        // Messages about an earlier import would only confuse this one's.
        notification.dismiss()
        collect(urls)
    }

    /// Imports files the app was given from outside, as by a second launch, which returned
    /// already: when an import runs, they wait for it to end instead of being refused.
    func importFilesWhenFree(_ urls: [URL]) {
        guard isRunning else { return importFiles(urls) }
        waiting += urls
        notification.show(String(format: trn("%ld more file will be imported when this import ends.",
                                             "%ld more files will be imported when this import ends.", waiting.count), waiting.count))
    }

    /// Starts on the files that waited, once nothing else runs, below the summary of the import
    /// that just ended.
    private func startWaiting() {
        guard !waiting.isEmpty, !isRunning else { return }
        let urls = waiting
        waiting = []
        collect(urls)
    }

    private func collect(_ urls: [URL]) {
        isCollecting = true
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
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
        dialogSaves = ImportSummary()
        dialogOutcomes = []
        dialogRelabels = []
        collection.problems.forEach(notification.report)
        if let skipped = collection.skippedSentence(naming: 3) {
            notification.show(skipped + ".")
        }
        guard !collection.files.isEmpty else {
            if collection.problems.isEmpty {
                notification.show(tr("There are no photos to import there."))
            }
            return startWaiting()
        }
        let session = LabellingSession(
            files: collection.files, parent: parent, library: store.library, loader: loader, notification: notification,
            save: { [weak self] candidate, existing, label in self?.save(candidate, existing: existing, label: label) },
            ended: { [weak self] rest in self?.sessionEnded(handingOn: rest) }
        )
        self.session = session
        session.start()
    }

    private func sessionEnded(handingOn rest: LabellingSession.Rest?) {
        guard let ended = session else { return }
        session = nil
        dialogSaves = dialogSaves + ended.unsaved
        if let rest {
            background.start(rest.files, label: rest.label, keepingFoundTitles: !rest.replacingTitles,
                             handedOnAfter: ended.files.count - rest.files.count) { [weak self] in
                self?.dialogSaves ?? ImportSummary()
            }
        } else {
            endedOneByOne = (ended.files.count, ended.wasCancelled)
            finishOneByOne()
        }
    }

    /// Once a one-by-one import's last save is done, tells what an import of several files did
    /// (nothing when the person cancelled before doing anything: a single photo shows for itself
    /// in the grid, and the dialog or a notice told whatever else became of it), then records the
    /// undo step after it, so an undo's toast starts afresh, then starts on files that waited.
    private func finishOneByOne() {
        guard let (total, cancelled) = endedOneByOne, pendingSaves == 0 else { return }
        endedOneByOne = nil
        if let (notImported, cause) = fullDisk {
            fullDisk = nil
            // TRANSLATORS: %d is how many photos of the import were not imported; %@ says the disk is full.
            notification.show(String(format: trn("%d photo was not imported: %@.", "%d photos were not imported: %@.", notImported),
                                     notImported, cause))
            reveal([])
        } else if total > 1, dialogSaves.handled > 0 {
            let stopped = cancelled && dialogSaves.handled < total
            // "Imported 2 photos" alone is what the undo notice says, with its Undo.
            if stopped || !dialogSaves.onlyAdded { notification.show(dialogSaves.sentence(total: total, cancelled: stopped)) }
            reveal([])
        }
        report([])
        startWaiting()
    }

    /// Shows the photos of an import that ended, those from the dialog and `more`, selected.
    private func reveal(_ more: [ImportOutcome]) {
        let positions = (dialogOutcomes + more).compactMap { store.position(ofPhotoWithID: $0.photo.id) }
        if positions.count > 1 {
            saved?(positions)
        }
    }

    /// Tells the window what the import added, the dialog's saves and then the background's.
    private func report(_ more: [ImportOutcome]) {
        imported?((dialogOutcomes + more).filter(\.isAdded).map(\.photo.id), dialogRelabels)
        dialogRelabels = []
    }

    /// The window is closing: a background import stops after the file it is on, and the photos
    /// saved from the dialog are written, since the person saw them saved, before the window goes.
    func finishBeforeClosing() {
        background.batch?.cancel()
        worker.waitForQueuedWork()
    }

    /// Saves a photo from the dialog on the worker, before any background import that follows it.
    private func save(_ candidate: PhotoCandidate, existing: Photo?, label: SnapshelfModel.Label) {
        let name = DisplayName.baseName(of: candidate.sourceURL)
        pendingSaves += 1
        worker.perform({ library throws -> (ImportOutcome, LabelUndo?) in
            // Adding a photo already there still mends its copy if that is missing or damaged.
            let outcome = try library.add(candidate, label: label)
            guard existing != nil, !outcome.isAdded else { return (outcome, nil) }
            return (outcome, try library.relabel(photosWithIDs: [outcome.photo.id], as: label))
        }, completion: { [weak self] result in
            // Before the save is told: the last one ends the import, whose undo takes the labels in.
            if case .success((let outcome, let undo?)) = result { self?.dialogRelabels.append((undo, [outcome.photo])) }
            self?.finishSaving(name, result.map(\.0))
        })
    }

    /// Shows a photo the worker saved, selected and scrolled into view.
    private func finishSaving(_ name: String, _ result: Result<ImportOutcome, any Error>) {
        pendingSaves -= 1
        switch result {
        case .success(let outcome):
            dialogSaves.count(.success(outcome))
            dialogOutcomes.append(outcome)
            try? store.refresh()
            if let position = store.position(ofPhotoWithID: outcome.photo.id) {
                saved?([position])
            }
        case .failure(let error as ImportError):
            dialogSaves.count(.failure(error))
            if !(error.isDiskFull && stopForFullDisk(error)) { notification.report(error) }
        case .failure(let error):
            notification.show(String(format: tr("Could not save “%@”: %@."), name, ErrorMessage.of(error)))
        }
        finishOneByOne()
    }

    /// Counts a photo a full disk refused, and at the first ends the dialog's walk: it would only
    /// ask for labels of photos that cannot be saved. False for an import the background took
    /// over, which tells its own failures.
    private func stopForFullDisk(_ error: ImportError) -> Bool {
        if fullDisk != nil {
            fullDisk?.notImported += 1
            return true
        }
        guard session != nil || endedOneByOne != nil else { return false }
        fullDisk = (1 + (session?.filesLeft ?? 0), error.fullDiskCause)
        session?.abandon()
        return true
    }

    /// The sidecars the window's library was opened without, written behind its first frame.
    func writePendingSidecars() {
        guard !store.library.isReadOnly else { return }
        worker.writePendingSidecars { [weak self] error in
            self?.notification.show(String(format: tr("Some labels could not be written beside their photos: %@"), ErrorMessage.of(error)))
        }
    }
}

extension Notices {
    /// Tells why one file was not imported; the import goes on with the others.
    func report(_ error: ImportError) {
        show(String(format: tr("Could not import “%@”: %@."), error.fileName, error.explanation))
    }
}
