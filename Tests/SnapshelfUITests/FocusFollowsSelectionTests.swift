// The keyboard focus and the selection agree after the grid changes under them: the photo a
// bulk import saved last, the photo after the ones Delete removed, and the photos an Undo
// brought back are selected and focused, so the arrows and Enter go on from what is highlighted.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class FocusFollowsSelectionTests: AppTestCase, @unchecked Sendable {
    @MainActor
    private func waitForAgreement(in window: LibraryWindow, on position: Int, _ what: String) throws {
        try waitUntil("after \(what) the focus is on \(String(describing: window.grid.focusedPosition)), "
                      + "the selection \(window.grid.selectedPositions)") {
            window.grid.selectedPositions == [position] && window.grid.focusedPosition == position
        }
    }

    func testDeleteAndUndoLeaveTheFocusOnTheSelectedPhoto() throws {
        try makeLibrary(labels: ["one", "two", "three", "four", "five"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 5 }
            window.grid.reveal(position: 1, focusing: true)
            try waitForAgreement(in: window, on: 1, "focusing a photo")
            let removed = try XCTUnwrap(window.store.photo(at: 1))

            window.window.activateAction(Command.remove.detailedName)
            try waitUntil { window.store.count == 4 }
            try waitForAgreement(in: window, on: 1, "Delete")
            XCTAssertNotEqual(window.store.photo(at: 1)?.id, removed.id)

            window.window.activateAction(Command.undo.detailedName)
            try waitUntil { window.store.count == 5 }
            let restored = try XCTUnwrap(window.store.position(ofPhotoWithID: removed.id))
            try waitForAgreement(in: window, on: restored, "Undo")
        }
    }

    func testABulkImportLeavesTheFocusOnThePhotoItSelects() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            window.grid.reveal(position: 1, focusing: true)
            try waitForAgreement(in: window, on: 1, "focusing a photo")
            window.importFlow.importFiles(Array(SamplePhotos.cameras[2..<6]))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Holiday"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the background import never finished") { window.importFlow.batch == nil && window.store.count == 6 }
            // Every photo the import brought in is selected, and the focus is on the first of them.
            try waitUntil("after the import the focus is on \(String(describing: window.grid.focusedPosition)), "
                          + "the selection \(window.grid.selectedPositions)") {
                window.grid.selectedPositions.count == 4 && window.grid.focusedPosition == window.grid.selectedPositions.first
            }
        }
    }

    func testTheFirstPhotoImportedIntoAnEmptyLibraryIsSelectedAndFocused() throws {
        try onMain {
            let window = try launch()
            // The empty page's button has the focus, as after a click on it.
            let button = try XCTUnwrap(tree(of: window.pages.root).first { $0.typeName == "GtkButton" })
            XCTAssertTrue(button.grabFocus())
            window.importFlow.importFiles([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "First"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { window.store.count == 1 && window.importFlow.dialog == nil }
            try waitForAgreement(in: window, on: 0, "the first import")
        }
    }
}
