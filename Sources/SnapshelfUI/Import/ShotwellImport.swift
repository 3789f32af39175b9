// Importing a Shotwell library from the window, in one click: its database is read off the main
// thread, then its photos come in behind the import's progress bar with the titles, turns and
// dates Shotwell kept, and without the label dialog, since a person who titled photos there has
// labelled them already. The end says which photos' files were gone and how many videos were
// left out, and how many photos came without a title.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ShotwellImport {
    /// Where Shotwell keeps its database, looked up each time, as the environment says now.
    static var defaultDatabase: URL { ShotwellLibrary.defaultURL() }
    static var hasDefaultDatabase: Bool { FileManager.default.fileExists(atPath: defaultDatabase.path) }

    private let notification: InAppNotification
    private let background: BackgroundImport
    /// Called when the reading of a database brought nothing to import: what waited for it may start.
    var ended: (@MainActor () -> Void)?
    /// What became of the photos of the Shotwell library being imported, until the import ends.
    private var summary: ShotwellImportSummary?
    private(set) var isReading = false

    init(notification: InAppNotification, background: BackgroundImport) {
        (self.notification, self.background) = (notification, background)
    }

    /// Reads the database, which Shotwell may have open meanwhile, then imports its photos.
    func start(_ database: URL) {
        isReading = true
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ShotwellError) in try ShotwellLibrary(reading: database) }
            MainLoop.perform { [weak self] in self?.read(result) }
        }
    }

    private func read(_ result: Result<ShotwellLibrary, ShotwellError>) {
        isReading = false
        switch result {
        case .failure(let error):
            notification.show(String(format: tr("Nothing was imported from Shotwell’s database “%@”: %@."),
                                     DisplayName.of(FileName(url: error.url)), error.explanation))
            ended?()
        case .success(let catalogue) where catalogue.photos.isEmpty:
            notification.show(ShotwellImportSummary(catalogue).sentence(cancelled: false))
            ended?()
        case .success(let catalogue):
            summary = ShotwellImportSummary(catalogue)
            background.start(catalogue.files, label: nil, details: catalogue.details, keepingFoundTitles: false,
                             counting: { [weak self] progress in self?.summary?.count(progress) }, after: { ImportSummary() })
        }
    }

    /// After a background import: for Shotwell's, what became of its photos.
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
        notification.show(added.isEmpty ? text : (sayAll ? text + " " : "") + titles)
    }
}
