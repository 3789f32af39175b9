// The menus as a person meets them with the keyboard and the mouse: the first context menu after
// launch shows every item, closing a menu with Escape gives the keyboard back to the photo it
// came from, and F10 opens the main menu.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class MenuKeyboardTests: AppTestCase, @unchecked Sendable {
    /// The menu's items, each with where it lies in the popover, once it is open and laid out.
    @MainActor
    private func items(of popover: Widget) -> [(name: String, bounds: Rectangle?)] {
        let items = tree(of: popover).filter { $0.typeName == "GtkModelButton" }
        return items.map { item in (labelTexts(in: item).first ?? "", item.isMapped ? item.bounds(in: popover) : nil) }
    }

    func testTheFirstContextMenuAfterLaunchShowsEveryItem() throws {
        try makeLibrary(labels: ["one", "two", "three"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            window.showContextMenu(atX: 40, y: 40)
            try waitUntil { window.contextMenuIsOpen }
            let popover = try XCTUnwrap(tree(of: window.grid.root).first { $0.typeName == "GtkPopoverMenu" })
            try waitUntil("the menu was never laid out") { popover.height > 1 }
            // Read once the display server has placed the menu at the size it asked for.
            try waitUntilSettled(popover)
            let shown = items(of: popover)
            XCTAssertEqual(shown.map(\.name).last, "Remove from Library")
            XCTAssertEqual(shown.count, 9)
            for (name, bounds) in shown {
                let bounds = try XCTUnwrap(bounds, "“\(name)” is not on screen")
                XCTAssertGreaterThan(bounds.width, 0, name)
                XCTAssertGreaterThan(bounds.height, 0, name)
                XCTAssertTrue(bounds.y >= 0 && bounds.y + bounds.height <= Double(popover.height),
                              "“\(name)” lies at \(bounds.y)…\(bounds.y + bounds.height), outside the menu's \(popover.height) pixels")
            }
            gtk_popover_popdown(popover.typed())
            try waitUntil { !window.contextMenuIsOpen }
        }
    }

    func testEscapeGivesTheKeyboardBackToTheFocusedPhoto() throws {
        try makeLibrary(labels: ["one", "two", "three", "four"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 4 }
            window.grid.reveal(position: 1, focusing: true)
            try waitUntil("the photo never took the focus") { window.grid.focusedPosition == 1 }

            try RealKeys.press("Menu")
            try waitUntil("the Menu key opened no menu") { window.contextMenuIsOpen }
            try RealKeys.press("Escape")
            try waitUntil { !window.contextMenuIsOpen }
            XCTAssertEqual(window.grid.focusedPosition, 1, "the focus did not come back to the photo")
            // The keys work again at once: the arrows move, Shift+F10 opens the menu again.
            try RealKeys.press("Right")
            try waitUntil("Right did not move to the next photo") { window.grid.focusedPosition == 2 }
            try RealKeys.press("shift+F10")
            try waitUntil("Shift+F10 opened no menu") { window.contextMenuIsOpen }
            try RealKeys.press("Escape")
            try waitUntil { !window.contextMenuIsOpen }
            XCTAssertEqual(window.grid.focusedPosition, 2)

            // In the viewer, the keys go to the window again, so Right steps to the next photo.
            window.open(position: 0)
            try RealKeys.press("Menu")
            try waitUntil("the Menu key opened no menu in the viewer") { window.viewer.contextMenu.isOpen }
            try RealKeys.press("Escape")
            try waitUntil { !window.viewer.contextMenu.isOpen }
            try waitForFrames(of: window.window)
            // Not on a button, where Enter would step back a photo instead of acting on this one.
            XCTAssertNil(window.window.focusedWidgetInWindow.flatMap { sequence(first: $0, next: \.parent).first { $0.typeName == "GtkButton" } },
                         "the keyboard went to a button of the viewer")
            try RealKeys.press("Right")
            try waitUntil("Right did not step in the viewer") { window.viewer.position == 1 }
        }
    }

    /// The text of the menu item that has the keyboard focus, if one has.
    @MainActor
    private func focusedItem(in window: LibraryWindow) -> String? {
        guard let focus = window.window.focusedWidgetInWindow else { return nil }
        let item = sequence(first: focus, next: \.parent).first { $0.typeName == "GtkModelButton" }
        return item.flatMap { labelTexts(in: $0).first }
    }

    func testTheMenuKeyAtLaunchOpensOnTheFirstItemAndARightClickTakesTheFocus() throws {
        try makeLibrary(labels: ["one", "two", "three", "four"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 4 }
            window.grid.goToStart()
            try waitUntil("no photo took the focus") { window.grid.focusedPosition == 0 }
            XCTAssertEqual(window.grid.selectedCount, 0)
            // Nothing is selected: the Menu key selects the focused photo and opens its menu.
            try RealKeys.press("Menu")
            try waitUntil("the Menu key opened no menu with nothing selected") { window.contextMenuIsOpen }
            XCTAssertEqual(window.grid.selectedPositions, [0])
            try waitUntil("the menu did not start at its first item, but at \(String(describing: focusedItem(in: window)))") {
                focusedItem(in: window) == "Open"
            }
            try RealKeys.press("Escape")
            try waitUntil { !window.contextMenuIsOpen }

            // A right-click on another photo selects it and gives it the keyboard, to come back to.
            let click = try XCTUnwrap(controllers(of: gtk_gesture_click_get_type(), on: window.grid.view).first)
            let tile = try XCTUnwrap(window.grid.boundTiles.first { $0.photoID == window.store.photo(at: 2)?.id })
            let bounds = try XCTUnwrap(tile.root.bounds(in: window.grid.view))
            emit("pressed", on: click, count: 1, numbers: [bounds.midX, bounds.midY])
            try waitUntil("the right-click opened no menu") { window.contextMenuIsOpen }
            try RealKeys.press("Escape")
            try waitUntil { !window.contextMenuIsOpen }
            XCTAssertEqual(window.grid.selectedPositions, [2])
            XCTAssertEqual(window.grid.focusedPosition, 2, "the keyboard went back to another photo than the one clicked")
        }
    }

    func testF10OpensTheMainMenu() throws {
        try makeLibrary(labels: ["one"])
        try onMain {
            let window = try launch()
            let button = try XCTUnwrap(tree(of: window.header.root).first { $0.typeName == "GtkMenuButton" })
            // Made as it first opens: built with the window, it held back the first frame.
            XCTAssertNil(gtk_menu_button_get_popover(button.opaque), "the main menu was made before it was opened")
            func shownPopover() -> UnsafeMutablePointer<GtkWidget>? {
                guard let popover = gtk_menu_button_get_popover(button.opaque)?.withMemoryRebound(to: GtkWidget.self, capacity: 1, { $0 }),
                      gtk_widget_get_visible(popover) != 0 else { return nil }
                return popover
            }
            try RealKeys.press("F10")
            try waitUntil("F10 did not open the main menu") { shownPopover() != nil }
            let popover = try XCTUnwrap(shownPopover())
            XCTAssertTrue(labelTexts(in: Widget(popover)).contains(Command.about.menuLabel.replacingOccurrences(of: "_", with: "")),
                          "the main menu opened without its items")
            try RealKeys.press("Escape")
            try waitUntil { gtk_widget_get_visible(popover) == 0 }
            try RealKeys.press("F10")
            try waitUntil("F10 did not open the main menu again") { shownPopover() != nil }
            XCTAssertEqual(shownPopover(), popover, "the main menu was made again")
            try RealKeys.press("Escape")
        }
    }
}
