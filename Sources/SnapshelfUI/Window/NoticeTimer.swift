// How long a notice at the foot of the window stays. It goes when its time is up, but never while
// the pointer is on it or the keyboard focus is in it: the person is reading it, or about to press
// one of its buttons. Once they leave it, it gets its full time again.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class NoticeTimer {
    /// Called when the time is up.
    var expired: @MainActor () -> Void = {}
    private var timer: TimeoutSource?
    /// How long the notice shown now stays, or nil when none is shown.
    private var lifetime: Duration?
    // Kept from the controllers' signals rather than asked of them: GTK tells "leave" before or
    // after it updates their state, depending on the version.
    private var hovered = false
    private var focused = false

    /// Watches the pointer and the focus on the widget.
    init(watching widget: Widget) {
        let hover = HoverController()
        hover.onEnter { [weak self] in self?.hold(hovered: true) }
        hover.onLeave { [weak self] in self?.hold(hovered: false) }
        widget.addController(hover)
        let focus = FocusWithinController()
        focus.onEnter { [weak self] in self?.hold(focused: true) }
        focus.onLeave { [weak self] in self?.hold(focused: false) }
        widget.addController(focus)
    }

    /// Gives the notice its time from now, as when it shows or says something new.
    func start(_ lifetime: Duration) {
        self.lifetime = lifetime
        schedule()
    }

    /// Forgets the time, as when the notice goes for another reason.
    func stop() {
        lifetime = nil
        timer?.cancel()
        timer = nil
    }

    var isHeld: Bool { hovered || focused }

    private func hold(hovered: Bool? = nil, focused: Bool? = nil) {
        self.hovered = hovered ?? self.hovered
        self.focused = focused ?? self.focused
        schedule()
    }

    private func schedule() {
        timer?.cancel()
        timer = nil
        guard let lifetime, !isHeld else { return }
        timer = MainLoop.perform(after: lifetime) { [weak self] in
            guard let self else { return }
            stop()
            expired()
        }
    }
}
