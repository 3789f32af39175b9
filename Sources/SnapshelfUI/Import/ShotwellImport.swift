// Importing a Shotwell library from the window: its database is read off the main thread, the
// folders its photos will be read from are shown for the person to confirm (the database may
// name any file), then its photos come in behind the import's progress bar with the titles, turns and
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
    private let notification: Notices
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
    /// The question before the import, while it is asked.
    private(set) var confirmation: ShotwellConfirmation?

    init(store: PhotoStore, loader: ThumbnailLoader, parent: Window, notification: Notices,
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
        confirmation?.window.destroy()
        confirmation = nil
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
            // Named by its path: a file chosen in the chooser may be no Shotwell database at all.
            endReading(saying: String(format: tr("Nothing was imported from “%@”: %@."),
                                      DisplayName.of(FileName(url: error.url)), error.explanation))
        case .success(let catalogue) where catalogue.photos.isEmpty:
            endReading(saying: ShotwellImportSummary(catalogue).sentence(cancelled: false))
        case .success(let catalogue):
            let token = reading
            let confirmation = ShotwellConfirmation(catalogue, parent: parent) { [weak self] importing in
                guard let self, reading == token else { return }
                self.confirmation = nil
                importing ? begin(catalogue) : stopReading()
            }
            self.confirmation = confirmation
            confirmation.present()
        }
    }

    /// Imports the photos the person confirmed.
    private func begin(_ catalogue: ShotwellLibrary) {
        (reading, background.cancelledBeforeStart) = (nil, nil)
        summary = ShotwellImportSummary(catalogue)
        background.start(catalogue.files, label: nil, details: catalogue.details, keepingFoundTitles: false,
                         counting: { [weak self] progress in self?.summary?.count(progress) }, after: { ImportSummary() })
    }

    /// After a background import: for Shotwell's, what became of its photos, with the offer to
    /// label them one by one. The counts and the offer come first, where they are seen at once,
    /// then the names of a few files that are gone: a long list of paths would hide the rest.
    func finished(_ outcomes: [ImportOutcome], cancelled: Bool) {
        guard let summary else { return }
        self.summary = nil
        let added = outcomes.filter(\.isAdded).map(\.photo)
        let unlabelled = added.filter(\.label.isEmpty).count
        // Shotwell had titles; what Snapshelf keeps of them, as of anything else, are labels.
        let labels = unlabelled == 0
            ? String(format: trn("%d photo got its label from its Shotwell title.",
                                 "All %d photos got their labels from their Shotwell titles.", added.count), added.count)
            : String(format: trn("%d photo has no label yet.", "%d photos have no label yet.", unlabelled), unlabelled)
        // "Imported 4 photos" alone is what the undo notice says, with its Undo.
        let sayAll = cancelled || !summary.imports.onlyAdded || !summary.missing.isEmpty || summary.videos > 0
            || !summary.oddRows.isEmpty || summary.mirrorsDropped > 0 || summary.hidden > 0
        let counts = sayAll ? summary.sentence(cancelled: cancelled, namingMissing: false) : ""
        let names = Self.gone(summary.missing)
        guard !added.isEmpty else {
            return summary.missing.isEmpty ? notification.show(counts) : notification.showUntilDismissed(counts + names)
        }
        notification.show((sayAll ? counts + " " : "") + labels + names, action: tr("_Label One by One…")) { [weak self] in
            self?.label(added.map(\.id))
        }
    }

    /// How many files that are gone a notice names, by their names alone.
    static let namedGone = 3

    /// A line naming a few of the files that are gone, or nothing when none is.
    private static func gone(_ missing: [FileName]) -> String {
        guard !missing.isEmpty else { return "" }
        let shown = missing.prefix(namedGone).map { DisplayName.baseName(of: $0) }.joined(separator: ", ")
        let more = missing.count - min(missing.count, namedGone)
        return "\n" + (more == 0 ? String(format: tr("Gone: %@."), shown)
            : String(format: trn("Gone: %@ and %ld more.", "Gone: %@ and %ld more.", more), shown, more))
    }

    /// Shows the photos that have no label yet in the label dialog in turn, which is what the
    /// notice counted; when all have one, all of them, with their labels as they are now.
    private func label(_ ids: [Int64]) {
        guard mayStart(), let all = try? store.library.photos(withIDs: ids), !all.isEmpty else { return }
        let unlabelled = all.filter(\.label.isEmpty)
        let photos = unlabelled.isEmpty ? all : unlabelled
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
