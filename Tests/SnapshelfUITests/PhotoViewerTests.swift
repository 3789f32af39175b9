// The viewer is built only when a photo is first opened, and its gestures reach it: dragging pans
// a zoomed photo and pinching zooms it. The gestures' signals are emitted as GTK would emit them,
// since Xvfb has no touchscreen.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class PhotoViewerTests: AppTestCase, @unchecked Sendable {
    @MainActor
    private func viewerCount(in window: LibraryWindow) -> Int {
        tree(of: window.window).filter { $0.hasStyleClass("photo-viewer") }.count
    }

    func testTheViewerIsBuiltWhenAPhotoIsFirstOpened() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            XCTAssertEqual(viewerCount(in: window), 0, "built at start-up")
            window.window.activateAction("win.zoom-reset")
            XCTAssertEqual(viewerCount(in: window), 0, "built by Ctrl+0")
            window.open(position: 1)
            XCTAssertEqual(window.pages.visible, .viewer)
            XCTAssertEqual(viewerCount(in: window), 1)
            XCTAssertEqual(window.viewer.captionText, try XCTUnwrap(window.store.photo(at: 1)).label)
        }
    }

    func testDraggingPansAZoomedPhotoAndPinchingZoomsIt() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            let viewer = window.viewer
            try waitUntil("the photo itself never came") { viewer.showsFullImage }
            let scroller = try XCTUnwrap(tree(of: viewer.root).first { $0.typeName == "GtkScrolledWindow" })
            let horizontal = gtk_scrolled_window_get_hadjustment(scroller.opaque)
            let vertical = gtk_scrolled_window_get_vadjustment(scroller.opaque)
            let roomToPan = {
                gtk_adjustment_get_upper(horizontal) - gtk_adjustment_get_page_size(horizontal) > 40
                    && gtk_adjustment_get_upper(vertical) - gtk_adjustment_get_page_size(vertical) > 40
            }
            for _ in 0..<30 where !roomToPan() {
                viewer.zoomIn()
                // The scroller learns how far it reaches once a frame lays the larger photo out.
                try waitForFrames(of: scroller)
            }
            XCTAssertTrue(roomToPan(), "zoomed in all the way, the photo still fits the window")
            let drag = try XCTUnwrap(controllers(of: gtk_gesture_drag_get_type(), on: scroller).first)
            let pinch = try XCTUnwrap(controllers(of: gtk_gesture_zoom_get_type(), on: scroller).first)

            gtk_adjustment_set_value(horizontal, 10)
            gtk_adjustment_set_value(vertical, 10)
            emit("drag-begin", on: drag, numbers: [5, 5])
            emit("drag-update", on: drag, numbers: [-30, -20])
            XCTAssertEqual(gtk_adjustment_get_value(horizontal), 40, "dragging left pans right")
            XCTAssertEqual(gtk_adjustment_get_value(vertical), 30)

            viewer.zoomToFit()
            // A pinch starts from the fitted scale, which the scroller's size without scroll bars sets.
            try waitForFrames(of: scroller)
            emit("begin", on: pinch, sequence: true)
            emit("scale-changed", on: pinch, numbers: [2])
            let zoomed = try XCTUnwrap(viewer.zoom, "spreading two fingers did not zoom in")
            emit("scale-changed", on: pinch, numbers: [3])
            XCTAssertEqual(try XCTUnwrap(viewer.zoom), zoomed * 1.5, accuracy: 1e-9, "the scale counts from the pinch's start")
        }
    }
}
