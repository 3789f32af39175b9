// Importing a Shotwell library from the window, in one click: its database is read off the main
// thread, then its photos come in behind the import's progress bar with the titles, turns and
// dates Shotwell kept, and without the label dialog, since a person who titled photos there has
// labelled them already. The end says which photos' files were gone and how many videos were
// left out, and offers to label the photos one by one after all, in the same dialog.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ShotwellImport {
    /// Where Shotwell keeps its database, looked up each time, as the environment says now.
    static var defaultDatabase: URL { ShotwellLibrary.defaultURL() }
    static var hasDefaultDatabase: Bool { FileManager.default.fileExists(atPath: defaultDatabase.path) }

    private let store: PhotoStore
    private let loader: ThumbnailLoader
    private let parent: Window
    private let notification: InAppNotification
    private let worker: ImportWorker
    private let background: BackgroundImport
    /// Called when photos labelled one by one got a new label, so the window can undo that.
    var relabelled: (@MainActor (LabelUndo, [Photo]) -> Void)?
    /// Whether something else may start now; says why not when it may not.
    var mayStart: @MainActor () -> Bool = { true }
    /// Called when the reading of a database brought nothing to import, or the labelling one by
    /// one ended: what waited for them may start.
    var ended: (@MainActor () -> Void)?
    /// What became of the photos of the Shotwell library being imported, until the import ends.
    private var summary: ShotwellImportSummary?
    /// The reading under way: one the person cancelled is forgotten when it ends.
    private var reading: UUID?
    private(set) var review: LabelReview?

    init(store: PhotoStore, loader: ThumbnailLoader, parent: Window, notification: InAppNotification,
         worker: ImportWorker, background: BackgroundImport) {
        (self.store, self.loader, self.parent) = (store, loader, parent)
        (self.notification, self.worker, self.background) = (notification, worker, background)
    }

    var isRunning: Bool { reading != nil || review != nil }

    /// Reads the database, which Shotwell may have open meanwhile, then imports its photos. The
    /// progress bar says so from the start, since Shotwell may hold the database locked a while.
    func start(_ database: URL) {
        let token = UUID()
        reading = token
        background.progressBar.show(status: tr("Reading Shotwell’s library…"), fraction: 0)
        background.cancelledBeforeStart = { [weak self] in self?.stopReading() }
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ShotwellError) in try ShotwellLibrary(reading: database) }
            MainLoop.perform { [weak self] in
                guard let self, reading == token else { return }
                read(result)
            }
        }
    }

    /// Cancel Import while the database is read: what the reading finds is then left unused.
    private func stopReading() {
        endReading(saying: tr("The import from Shotwell was cancelled before any photo was imported."))
    }

    /// Ends a reading that leaves nothing to import, saying why.
    private func endReading(saying message: String) {
        reading = nil
        background.cancelledBeforeStart = nil
        background.progressBar.hide()
        notification.show(message)
        ended?()
    }

    private func read(_ result: Result<ShotwellLibrary, ShotwellError>) {
        switch result {
        case .failure(let error):
            endReading(saying: String(format: tr("Nothing was imported from Shotwell’s database “%@”: %@."),
                                      DisplayName.of(FileName(url: error.url)), error.explanation))
        case .success(let catalogue) where catalogue.photos.isEmpty:
            endReading(saying: ShotwellImportSummary(catalogue).sentence(cancelled: false))
        case .success(let catalogue):
            (reading, background.cancelledBeforeStart) = (nil, nil)
            summary = ShotwellImportSummary(catalogue)
            background.start(catalogue.files, label: nil, details: catalogue.details, keepingFoundTitles: false,
                             counting: { [weak self] progress in self?.summary?.count(progress) }, after: { ImportSummary() })
        }
    }

    /// After a background import: for Shotwell's, what became of its photos, with the offer to
    /// label them one by one.
    func finished(_ outcomes: [ImportOutcome], cancelled: Bool) {
        guard let summary else { return }
        self.summary = nil
        let added = outcomes.filter(\.isAdded).map(\.photo)
        let untitled = added.filter(\.label.isEmpty).count
        let titles = untitled == 0
            ? String(format: trn("%d photo came with its title.", "All %d photos came with their titles.", added.count), added.count)
            : String(format: trn("%d photo has no title yet.", "%d photos have no title yet.", untitled), untitled)
        // "Imported 4 photos" alone is what the undo notice says, with its Undo.
        let sayAll = cancelled || !summary.imports.onlyAdded || !summary.missing.isEmpty || summary.videos > 0
            || !summary.oddRows.isEmpty || summary.mirrorsDropped > 0
        let text = sayAll ? summary.sentence(cancelled: cancelled) : ""
        guard !added.isEmpty else { return notification.show(text) }
        notification.show((sayAll ? text + " " : "") + titles, action: tr("_Label One by One…")) { [weak self] in
            self?.label(added.map(\.id))
        }
    }

    /// Shows the photos in the label dialog in turn, with their labels as they are now.
    private func label(_ ids: [Int64]) {
        guard mayStart(), let photos = try? store.library.photos(withIDs: ids), !photos.isEmpty else { return }
        let review = LabelReview(photos, parent: parent, loader: loader, notification: notification,
                                 save: { [weak self] photos, label in self?.save(photos, label) },
                                 ended: { [weak self] in
                                     self?.review = nil
                                     self?.ended?()
                                 })
        self.review = review
        review.start()
    }

    /// Gives the photos the label on the worker, after the writes before it.
    private func save(_ photos: [Photo], _ label: SnapshelfModel.Label) {
        let ids = photos.map(\.id)
        worker.perform({ library in try library.relabel(photosWithIDs: ids, as: label) }, completion: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let undo):
                try? store.refresh()
                relabelled?(undo, photos)
            case .failure(let error):
                notification.show(String(format: tr("The label was not changed: %@"), ErrorMessage.of(error)))
            }
        })
    }
}
