// Full screen and the slideshow as the window runs them. F11 shows the viewer's photo full screen,
// or from the grid the selected one (nothing without a selection), and leaves full screen again.
// F5 starts a slideshow, full screen, at the viewer's photo, the selected one or the first. Escape
// leaves full screen for the windowed viewer first, as in Loupe, and a slideshow for where it was
// started, as in Shotwell: the viewer, or the grid, which selects where it stopped.
import SnapshelfGlue

@MainActor
final class Presentation {
    private unowned let library: LibraryWindow
    /// Made on first use, with the viewer they need.
    private(set) lazy var fullScreen = FullScreen(window: library.window, header: library.header.root,
                                                  viewer: library.viewer, info: library.info)
    private(set) lazy var slideshow = Slideshow(viewer: library.viewer, store: library.store, window: library.window,
                                                preferences: library.preferences)

    /// Whether the slideshow running was started from the grid, where Escape goes back to.
    private var slideshowStartedInGrid = false

    init(library: LibraryWindow) {
        self.library = library
    }

    func perform(_ command: Command) {
        switch command {
        case .fullscreen: toggleFullScreen()
        case .slideshow: startSlideshow()
        case .slideshowLonger, .slideshowShorter:
            if library.isViewing { slideshow.changePace(longer: command == .slideshowLonger) }
        default: preconditionFailure("\(command) is not one of full screen's commands")
        }
    }

    private func toggleFullScreen() {
        if fullScreen.isActive { return end() }
        if !library.isViewing {
            guard let position = chosenPosition else { return }
            library.open(position: position)
        }
        fullScreen.enter()
    }

    private func startSlideshow() {
        guard library.store.count > 0 else { return }
        slideshowStartedInGrid = !library.isViewing
        if !library.isViewing {
            library.open(position: chosenPosition ?? 0)
        }
        fullScreen.enter()
        slideshow.start()
    }

    /// Escape: true when it only left full screen for the viewer; false when the viewer should
    /// close too, after a slideshow started in the grid or outside full screen.
    func leave() -> Bool {
        guard fullScreen.isActive else { return false }
        let backToGrid = slideshow.isRunning && slideshowStartedInGrid
        end()
        return !backToGrid
    }

    /// Stops the slideshow and leaves full screen, in the viewer.
    func end() {
        slideshow.stop()
        fullScreen.leave()
    }

    /// The grid's focused photo when it is selected, as Enter would open, else the first selected.
    private var chosenPosition: Int? {
        let grid = library.grid
        return grid.focusedPosition.flatMap { grid.isSelected($0) ? $0 : nil } ?? grid.selectedPositions.first
    }
}
