// Keeps the window up to date with what other computers change in a library Syncthing shares:
// a rescan on the worker when the window opens, and again after each burst of changes that
// monitors on the photo folder and on the computers' removal records report. Photos that arrive or change reach the grid through the
// store, removals made elsewhere go into the window's undo history (Redo removes the photos here
// in turn), and indexing a library that just arrived shows its progress. Nothing happens for a
// library that is not shared.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class OtherComputers {
    /// How long the folder must stay quiet before a rescan: Syncthing writes a photo's copy and
    /// sidecar one after the other, and a removal deletes both.
    static let quiet: Duration = .milliseconds(300)

    let progressBar = ImportProgressBar(cancels: false)
    private let store: PhotoStore
    private let notification: Notices
    private let history: EditHistory
    private let commands: PhotoCommands
    private let worker: ImportWorker
    private var monitors: [FileMonitor] = []
    private var waiting: TimeoutSource?
    /// Whether a rescan runs on the worker, and whether the folder changed again meanwhile.
    private(set) var isRescanning = false
    private var changedMeanwhile = false
    private var opened = false

    init(store: PhotoStore, notification: Notices, history: EditHistory, commands: PhotoCommands) {
        self.store = store
        self.notification = notification
        (self.history, self.commands) = (history, commands)
        worker = ImportWorker(directory: store.library.directory) { MainLoop.perform($0) }
        guard store.library.isShared, !store.library.isReadOnly else { return }
        do {
            for folder in store.library.foldersToWatch() {
                let monitor = try FileMonitor(watchingFolder: folder)
                monitor.onChange { [weak self] name in
                    // Files in transit become the photo's files only once Syncthing renames them.
                    guard let name, !name.hasPrefix(".") else { return }
                    self?.folderChanged()
                }
                monitors.append(monitor)
            }
        } catch {
            notification.show(String(format: tr("Changes other computers make to this library will show only when Snapshelf next opens: %@."), error.description))
        }
        rescan()
    }

    private func folderChanged() {
        waiting?.cancel()
        waiting = MainLoop.perform(after: Self.quiet) { [weak self] in self?.rescan() }
    }

    private func rescan() {
        waiting = nil
        guard !isRescanning else {
            changedMeanwhile = true
            return
        }
        isRescanning = true
        let opening = !opened
        opened = true
        let hop: ImportWorker.Hop = { MainLoop.perform($0) }
        worker.perform({ [weak self] library -> Library.Rescan in
            try library.rescan(opening: opening) { read, total in
                guard total >= 50 else { return }
                hop { self?.progressBar.show(status: String(format: tr("Indexing photos from other computers: %d of %d"), read, total),
                                             fraction: Double(read) / Double(total)) }
            }
        }, completion: { [weak self] result in self?.finished(result) })
    }

    private func finished(_ result: Result<Library.Rescan, any Error>) {
        isRescanning = false
        progressBar.hide()
        switch result {
        case .success(let rescan):
            if rescan.changedTheIndex { try? store.refreshIfChanged() }
            rescan.notes.forEach { notification.show(String(format: tr("Note: %@"), $0)) }
            rescan.setAside.forEach { notification.show(String(format: tr("Note: %@"), CheckFinding.setAside($0.file, why: $0.why).words)) }
            if let removal = rescan.removedElsewhere {
                let count = removal.photos.count
                let message = String(format: trn("%d photo was removed on another computer", "%d photos were removed on another computer", count), count)
                // Final already, on the other computer: the history has nothing to finish.
                history.record(UndoStep(message: message) { [weak self] in
                    guard let self else { return nil }
                    undo(removal)
                    return commands.restorationStep(removal.photos.map(\.id), message)
                })
            }
            // A removal is told by the undo notice instead.
            rescan.tallies(tellingRemovals: false).forEach { notification.show(counting: $0.count, $0.sentence) }
        case .failure(let error):
            notification.show(String(format: tr("Could not take in the changes other computers made: %@"), ErrorMessage.of(error)))
        }
        if changedMeanwhile {
            changedMeanwhile = false
            rescan()
        }
    }

    /// Brings the photos back here, and so, through Syncthing, on the other computers too.
    private func undo(_ removal: Removal) {
        worker.perform({ library in try library.undoRemovalElsewhere(removal) }, completion: { [weak self] result in
            guard let self else { return }
            try? store.refreshIfChanged()
            switch result {
            case .success(let gone) where !gone.isEmpty:
                notification.show(String(format: trn(
                    "%d photo could not be brought back: this computer no longer has its file.",
                    "%d photos could not be brought back: this computer no longer has their files.", gone.count), gone.count))
            case .success:
                break
            case .failure(let error):
                notification.show(String(format: tr("Could not bring the photos back: %@"), ErrorMessage.of(error)))
            }
        })
    }

    func stop() {
        waiting?.cancel()
        monitors.forEach { $0.cancel() }
    }
}
