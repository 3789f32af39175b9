// The viewer's own actions: the grid's context menu for the photo shown, by a right-click or the
// Menu key, the zoom level on screen, and Previous and Next only when there is another photo.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ViewerActionsTests: AppTestCase, @unchecked Sendable {
    func testTheViewerOpensTheGridsContextMenuWithoutOpenByTheMenuKeyOrARightClick() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            window.open(position: 1)
            let menu = window.viewer.contextMenu
            XCTAssertFalse(menu.isOpen)
            window.window.activateAction(Command.viewerMenu.detailedName)
            try waitUntil("the Menu key opened no menu in the viewer") { menu.isOpen }
            let popover = try XCTUnwrap(tree(of: window.viewer.root).first { $0.typeName == "GtkPopoverMenu" })
            let items = labelTexts(in: popover)
            XCTAssertTrue(items.contains("Edit Label…"), "\(items)")
            XCTAssertTrue(items.contains("Remove from Library"), "\(items)")
            XCTAssertFalse(items.contains("Open"), "the viewer's menu offers to open the open photo")
            gtk_popover_popdown(popover.typed())
            try waitUntil { !menu.isOpen }

            let area = try XCTUnwrap(tree(of: window.viewer.root).first { $0.typeName == "GtkOverlay" })
            let click = try XCTUnwrap(controllers(of: gtk_gesture_click_get_type(), on: area).first)
            emit("pressed", on: click, count: 1, numbers: [50, 60])
            try waitUntil("a right-click on the photo opened no menu") { menu.isOpen }
            // Its items act on the photo shown, as the grid's do on the selection.
            XCTAssertEqual(window.chosenPhotos.map(\.label), ["Hill"])
            XCTAssertTrue(window.window.isActionEnabled(Command.editLabel.rawValue))
        }
    }

    func testTheZoomLevelShowsFitOrThePercentOfThePhotosOwnSize() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            let viewer = window.viewer
            XCTAssertEqual(viewer.zoomText, "Fit")
            try waitUntil("the photo itself never came, laid out") { viewer.showsFullImage && viewer.root.width > 200 }
            // The small sample fits the window at its own size; one step in is 125 %.
            window.window.activateAction(Command.zoomIn.detailedName)
            XCTAssertEqual(viewer.zoomText, "125%")
            window.window.activateAction(Command.zoomIn.detailedName)
            XCTAssertEqual(viewer.zoomText, "156%")
            window.window.activateAction(Command.zoomReset.detailedName)
            XCTAssertEqual(viewer.zoomText, "Fit")
        }
    }

    func testPreviousAndNextHideWhenThereIsOnlyOnePhoto() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            let buttons = stepButtons(in: window.viewer)
            XCTAssertEqual(buttons.count, 2)
            XCTAssertTrue(buttons.allSatisfy(\.isVisible), "Previous and Next hidden with two photos")
            window.window.activateAction(Command.remove.detailedName)
            try waitUntil("the removal never reached the viewer") { window.store.count == 1 }
            XCTAssertTrue(window.isViewing)
            XCTAssertFalse(buttons.contains(where: \.isVisible), "Previous or Next shows with one photo")
        }
    }
}

extension AppTestCase {
    /// The viewer's Previous and Next buttons.
    @MainActor
    func stepButtons(in viewer: PhotoViewer) -> [Widget] {
        tree(of: viewer.root).filter { widget in
            widget.typeName == "GtkButton"
                && gtk_actionable_get_action_name(widget.opaque).map { String(cString: $0).hasPrefix("viewer.") } ?? false
        }
    }
}
