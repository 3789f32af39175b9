// Full screen for the viewer (F11): the window on the whole screen with nothing but the photo.
// The header bar and the viewer's own controls (its label, the zoom level, Previous and Next)
// hide as soon as it is asked for, and come back when it leaves (F11 or Escape).
import SnapshelfGlue

@MainActor
final class FullScreen {
    private let window: Window
    private let header: Widget
    private let viewer: PhotoViewer
    /// Asked for and shown without chrome; the window system may take a moment to follow.
    private(set) var isActive = false

    init(window: Window, header: Widget, viewer: PhotoViewer) {
        self.window = window
        self.header = header
        self.viewer = viewer
    }

    func enter() {
        guard !isActive else { return }
        isActive = true
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
    }
}
