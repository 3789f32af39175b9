// Full screen for the viewer (F11): the window on the whole screen with nothing but the photo, on
// a dark ground (the window's "presenting" style). The header bar, the information panel and the
// viewer's own controls (its label, the zoom level, Previous and Next) hide as soon as it is asked
// for, and come back when it leaves (F11 or Escape): the panel only if it was shown before.
import SnapshelfGlue

@MainActor
final class FullScreen {
    /// The window's style while presenting, which the stylesheet paints dark.
    static let styleClass = "presenting"

    private let window: Window
    private let header: Widget
    private let viewer: PhotoViewer
    private let info: PhotoInfoPanel
    /// Asked for and shown without chrome; the window system may take a moment to follow.
    private(set) var isActive = false
    /// Whether the information panel was shown when full screen began, to show it again after.
    private var infoWasShown = false

    init(window: Window, header: Widget, viewer: PhotoViewer, info: PhotoInfoPanel) {
        self.window = window
        self.header = header
        self.viewer = viewer
        self.info = info
    }

    func enter() {
        guard !isActive else { return }
        isActive = true
        infoWasShown = info.isShown
        showChrome(false)
        window.fullscreen()
    }

    func leave() {
        guard isActive else { return }
        isActive = false
        window.unfullscreen()
        showChrome(true)
    }

    private func showChrome(_ shown: Bool) {
        header.isVisible = shown
        viewer.showsControls = shown
        info.isShown = shown && infoWasShown
        window.setStyleClass(Self.styleClass, !shown)
    }
}
