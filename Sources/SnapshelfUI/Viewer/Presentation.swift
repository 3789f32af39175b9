// Full screen as the window runs it. F11 shows the viewer's photo full screen, or from the grid the
// selected one (nothing without a selection), and leaves full screen again; so does Escape, for
// the viewer.
import SnapshelfGlue

@MainActor
final class Presentation {
    private unowned let library: LibraryWindow
    /// Made on first use, with the viewer it needs.
    private(set) lazy var fullScreen = FullScreen(window: library.window, header: library.header.root,
                                                  viewer: library.viewer)

    init(library: LibraryWindow) {
        self.library = library
    }

    func perform(_ command: Command) {
        switch command {
        case .fullscreen: toggleFullScreen()
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

    /// Escape: true when it left full screen for the viewer; false outside full screen, where the
    /// viewer should close.
    func leave() -> Bool {
        guard fullScreen.isActive else { return false }
        end()
        return true
    }

    /// Leaves full screen, in the viewer.
    func end() {
        fullScreen.leave()
    }

    /// The grid's focused photo when it is selected, as Enter would open, else the first selected.
    private var chosenPosition: Int? {
        let grid = library.grid
        return grid.focusedPosition.flatMap { grid.isSelected($0) ? $0 : nil } ?? grid.selectedPositions.first
    }
}
