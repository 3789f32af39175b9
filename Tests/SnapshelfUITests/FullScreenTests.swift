// Full screen (F11): only the photo shows, F11 or Escape leaves it for the viewer, and from the
// grid it opens the selected photo or, without one, does nothing. Xvfb has no window manager to
// grant the request, so the window's own state is checked on a window not yet mapped, where GTK
// takes it at once.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class FullScreenTests: AppTestCase, @unchecked Sendable {
    /// Whether the header bar and the viewer's own controls show.
    @MainActor
    private func chrome(of window: LibraryWindow) -> [String: Bool] {
        let viewerWidgets = tree(of: window.viewer.root)
        let caption = viewerWidgets.first { $0.hasStyleClass("viewer-caption") }
        let zoom = viewerWidgets.first { $0.hasStyleClass("zoom-level") }
        return ["header": window.header.root.isVisible, "caption": caption?.isVisible ?? false,
                "zoom": zoom?.isVisible ?? false, "steps": stepButtons(in: window.viewer).allSatisfy(\.isVisible)]
    }

    func testF11ShowsOnlyThePhotoAndF11OrEscapeGoBackToTheViewer() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            window.open(position: 1)
            let shown = ["header": true, "caption": true, "zoom": true, "steps": true]
            XCTAssertEqual(chrome(of: window), shown)
            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertTrue(window.presentation.fullScreen.isActive)
            XCTAssertEqual(chrome(of: window), shown.mapValues { _ in false })

            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertFalse(window.presentation.fullScreen.isActive, "F11 did not leave full screen")
            XCTAssertEqual(chrome(of: window), shown)
            XCTAssertTrue(window.isViewing)

            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertTrue(pressEscape(in: window.window))
            XCTAssertFalse(window.presentation.fullScreen.isActive, "Escape did not leave full screen")
            XCTAssertEqual(chrome(of: window), shown)
            XCTAssertTrue(window.isViewing, "the first Escape left the viewer as well")
            XCTAssertEqual(window.viewer.position, 1)
            XCTAssertTrue(pressEscape(in: window.window))
            XCTAssertFalse(window.isViewing)
        }
    }

    func testF11InTheGridOpensTheSelectedPhotoFullScreenAndDoesNothingWithoutOne() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Dune"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 3 }
            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertFalse(window.isViewing, "F11 with nothing selected opened a photo")
            XCTAssertTrue(window.header.root.isVisible)

            window.grid.select(positions: [2])
            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertTrue(window.isViewing)
            XCTAssertEqual(window.viewer.photo?.label, "Dune")
            XCTAssertTrue(window.presentation.fullScreen.isActive)
            XCTAssertFalse(window.header.root.isVisible)

            // Full screen ends with the viewer, closed as when the last photo goes.
            window.closeViewer()
            XCTAssertFalse(window.isViewing)
            XCTAssertFalse(window.presentation.fullScreen.isActive)
            XCTAssertTrue(window.header.root.isVisible)
        }
    }

    func testTheGluesWindowReportsFullScreenAsGtkHoldsIt() {
        onMain {
            let window = Window()
            XCTAssertFalse(window.isFullscreen)
            window.fullscreen()
            XCTAssertTrue(window.isFullscreen)
            window.unfullscreen()
            XCTAssertFalse(window.isFullscreen)
            XCTAssertFalse(window.isShown, "a window never presented is shown")
            window.present()
            XCTAssertTrue(spin(until: { window.isShown }), "a presented window is not shown")
            window.isVisible = false
            XCTAssertFalse(window.isShown, "a hidden window is shown")
            window.destroy()
        }
    }
}
