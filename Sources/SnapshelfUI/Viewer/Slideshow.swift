// The slideshow's timing: it goes on to the next photo of the grid's order and filter at the
// person's pace, and from the last back to the first. + gives each photo more time and − less, as
// Shotwell's delay does (the buttons it shows for a moment at the start and after each change say
// so too); Preferences keeps the time. It waits
// while the window cannot be seen, minimized or hidden.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class Slideshow {
    /// The paces on offer, in seconds a photo.
    static let paces = [1, 2, 3, 5, 8, 10, 15, 20, 30, 60]
    static let defaultPace = 5
    /// How long the pace stays on screen after the start or a change.
    static let paceShownFor = Duration.seconds(3)

    private let viewer: PhotoViewer
    private let store: PhotoStore
    private let window: Window
    private let preferences: Preferences
    private let control = Box(.horizontal, spacing: 6)
    private let paceLabel = Label()
    private var timer: TimeoutSource?
    private var hidingControl: TimeoutSource?

    init(viewer: PhotoViewer, store: PhotoStore, window: Window, preferences: Preferences) {
        self.viewer = viewer
        self.store = store
        self.window = window
        self.preferences = preferences
        build()
        window.onUnrealize { [weak self] in self?.stop() }
    }

    private func build() {
        control.addStyleClass("osd")
        control.addStyleClass("slideshow-pace")
        control.horizontalAlignment = .center
        control.verticalAlignment = .end
        control.margins = Margins(bottom: 24)
        let shorter = Button(iconName: "list-remove-symbolic", name: tr("Less Time per Photo"))
        shorter.actionName = Command.slideshowShorter.detailedName
        let longer = Button(iconName: "list-add-symbolic", name: tr("More Time per Photo"))
        longer.actionName = Command.slideshowLonger.detailedName
        for button in [shorter, longer] {
            button.addStyleClass("flat")
            button.addStyleClass("circular")
        }
        paceLabel.verticalAlignment = .center
        control.append([shorter, paceLabel, longer])
        control.isVisible = false
        viewer.addOverlay(control)
    }

    var isRunning: Bool { timer != nil }

    /// The pace as the control shows it, such as "5 seconds per photo".
    var paceText: String { paceLabel.text }

    func start() {
        restartTimer()
        showPace()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        hidingControl?.cancel()
        control.isVisible = false
    }

    /// One step along `paces`: a longer time for each photo, or a shorter one.
    func changePace(longer: Bool) {
        guard isRunning else { return }
        let index = Self.paces.firstIndex(of: preferences.slideshowSeconds) ?? 0
        let next = min(max(index + (longer ? 1 : -1), 0), Self.paces.count - 1)
        preferences.setSlideshowSeconds(Self.paces[next])
        restartTimer()
        showPace()
    }

    private func restartTimer() {
        timer?.cancel()
        timer = MainLoop.performRepeatedly(every: .seconds(preferences.slideshowSeconds)) { [weak self] in
            self?.advance()
            return self != nil
        }
    }

    private func advance() {
        guard window.isShown, store.count > 1 else { return }
        viewer.show(position: viewer.position + 1 < store.count ? viewer.position + 1 : 0)
    }

    private func showPace() {
        let seconds = preferences.slideshowSeconds
        paceLabel.text = String(format: trn("%d second per photo", "%d seconds per photo", seconds), seconds)
        control.isVisible = true
        hidingControl?.cancel()
        hidingControl = MainLoop.perform(after: Self.paceShownFor) { [weak self] in self?.control.isVisible = false }
    }
}
