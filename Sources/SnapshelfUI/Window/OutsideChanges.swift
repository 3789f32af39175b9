// Picks up what other connections did to the library while the window is open: the worker's
// imports, and the command line's. Photos imported elsewhere can land off screen (first, in a
// newest-first order), so the window says they came.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class OutsideChanges {
    private let store: PhotoStore
    private let notification: Notices
    /// Whether the window's own import is running, whose photos arrive this way too, behind its
    /// progress bar.
    private let importing: @MainActor () -> Bool
    private var timer: TimeoutSource?
    private var subscription: Subscription?
    /// Photos come in, less those that go, while this looks: what other connections did since.
    private var arrivedDuringLook: Int?

    init(store: PhotoStore, notification: Notices, importing: @escaping @MainActor () -> Bool) {
        self.store = store
        self.notification = notification
        self.importing = importing
        subscription = store.observe { [weak self] change in
            guard let self, let arrived = arrivedDuringLook else { return }
            arrivedDuringLook = arrived + change.added - change.removed
        }
        timer = MainLoop.performRepeatedly(every: .milliseconds(700)) { [weak self] in
            self?.look()
            return self != nil
        }
    }

    private func look() {
        // Changes the window made itself come through its own refreshes, not this one.
        arrivedDuringLook = 0
        // A busy library just waits for the next tick.
        try? store.refreshIfChanged()
        let arrived = arrivedDuringLook ?? 0
        arrivedDuringLook = nil
        guard arrived > 0, !importing() else { return }
        notification.show(counting: arrived) {
            // Whatever comes this way was added by another connection: the command line, most often.
            String(format: trn("%d photo was added to this library by another program, such as the command line.",
                               "%d photos were added to this library by another program, such as the command line.", $0), $0)
        }
    }

    func stop() {
        timer?.cancel()
    }
}
