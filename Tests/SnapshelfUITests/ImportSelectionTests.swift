// Where an import leaves the person: the photos it brought in selected, and the keyboard focus on
// the first of them in the grid's order, so the next key acts on them.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ImportSelectionTests: AppTestCase, @unchecked Sendable {
    func testABulkImportEndsWithItsPhotosSelectedAndTheFirstFocused() throws {
        try makeLibrary(labels: ["one", "two"])
        let files = Array(SamplePhotos.cameras[2..<6])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 4" && dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Holiday"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the background import never finished") { !window.importFlow.isRunning }

            let imported = (0..<window.store.count).filter { window.store.photo(at: $0)?.label == "Holiday" }
            XCTAssertEqual(imported.count, 4)
            XCTAssertEqual(window.grid.selectedPositions, imported)
            try waitUntil("the first imported photo never took the focus") { window.grid.focusedPosition == imported.first }
        }
    }

    func testAnImportEndingWhileThePersonSearchesLeavesTheFocusInTheSearch() throws {
        try onMain {
            let window = try launch()
            window.search.open()
            try waitUntil { windowFocusIsInSearch(window) }
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the background import never finished") { !window.importFlow.isRunning }
            XCTAssertEqual(window.grid.selectedPositions, [0, 1, 2])
            // The grid takes a focus it was given once a frame shows the photo.
            try waitForFrames(of: window.grid.root)
            XCTAssertTrue(windowFocusIsInSearch(window), "the import took the focus from the search")
        }
    }

    /// Whether the window's focus is in its search entry, which it gets back when the label
    /// dialog closes; GTK's has-focus also needs the window active, which Xvfb alone may not make it.
    @MainActor
    private func windowFocusIsInSearch(_ window: LibraryWindow) -> Bool {
        guard let focus = gtk_window_get_focus(window.window.typed()) else { return false }
        let entry = window.search.entry.typed() as UnsafeMutablePointer<GtkWidget>
        return focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
    }
}
