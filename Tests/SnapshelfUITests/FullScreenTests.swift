// Full screen (F11): only the photo shows, on black, without the information panel, which comes
// back after; F11 or Escape leaves it for the windowed viewer, and from the
// grid it opens the selected photo or, without one, does nothing. Xvfb has no window manager to
// grant the request, so the window's own state is checked on a window not yet mapped, where GTK
// takes it at once.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
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

    func testFullScreenAndTheSlideshowHideTheInformationPanelOnADarkGroundAndBringItBack() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            window.window.activateAction(Command.info.detailedName)
            XCTAssertTrue(window.info.isShown)
            XCTAssertFalse(window.window.hasStyleClass(FullScreen.styleClass))
            for command in [Command.fullscreen, .slideshow] {
                window.window.activateAction(command.detailedName)
                XCTAssertFalse(window.info.isShown, "\(command) kept the information panel")
                XCTAssertTrue(window.window.hasStyleClass(FullScreen.styleClass), "\(command) is not on a dark ground")
                XCTAssertTrue(pressEscape(in: window.window))
                XCTAssertTrue(window.isViewing)
                XCTAssertTrue(window.info.isShown, "the information panel did not come back after \(command)")
                XCTAssertFalse(window.window.hasStyleClass(FullScreen.styleClass))
            }
            // A panel hidden before stays hidden after.
            window.window.activateAction(Command.info.detailedName)
            window.window.activateAction(Command.fullscreen.detailedName)
            window.window.activateAction(Command.fullscreen.detailedName)
            XCTAssertFalse(window.info.isShown)
        }
    }

    func testTheBandsBesideThePhotoAreDarkWhilePresenting() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            // Laid out, and styled as the window is now, before its drawing is read.
            try waitUntilSettled(window.viewer.root)
            // In its window the viewer lets the window's own ground show through.
            let windowed = try XCTUnwrap(cornerPixel(of: window.viewer.root, in: window))
            XCTAssertFalse(isOpaqueBlack(windowed), "the windowed viewer is black: \(windowed)")
            window.window.activateAction(Command.fullscreen.detailedName)
            try waitUntilSettled(window.viewer.root)
            let presenting = try XCTUnwrap(cornerPixel(of: window.viewer.root, in: window))
            XCTAssertTrue(isOpaqueBlack(presenting), "full screen's bands are not dark: \(presenting)")
            window.window.activateAction(Command.fullscreen.detailedName)
            try waitUntilSettled(window.viewer.root)
            XCTAssertFalse(isOpaqueBlack(try XCTUnwrap(cornerPixel(of: window.viewer.root, in: window))))
        }
    }

    private func isOpaqueBlack(_ pixel: [UInt8]) -> Bool {
        pixel[3] == 255 && pixel[..<3].allSatisfy { $0 < 16 }
    }

    /// The colour of the widget's top left corner as GTK draws it: blue, green, red and alpha.
    @MainActor
    private func cornerPixel(of widget: Widget, in window: LibraryWindow) -> [UInt8]? {
        let width = widget.width, height = widget.height
        guard width > 4, height > 4, let paintable = gtk_widget_paintable_new(widget.typed() as UnsafeMutablePointer<GtkWidget>),
              let snapshot = gtk_snapshot_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(OpaquePointer(window.window.raw)),
              let texture = gsk_renderer_render_texture(renderer, node, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let stride = gdk_texture_get_width(texture) * 4
        var pixels = [UInt8](repeating: 0, count: Int(stride * gdk_texture_get_height(texture)))
        gdk_texture_download(texture, &pixels, gsize(stride))
        let corner = Int(stride) * 2 + 2 * 4
        return Array(pixels[corner..<corner + 4])
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
