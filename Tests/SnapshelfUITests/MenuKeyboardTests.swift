// The menus as a person meets them with the keyboard and the mouse: the first context menu after
// launch shows every item, closing a menu with Escape gives the keyboard back to the photo it
// came from, and F10 opens the main menu.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
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
            spin(for: 0.3)
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
            try RealKeys.press("Escape", "Right")
            XCTAssertFalse(window.viewer.contextMenu.isOpen)
            try waitUntil("Right did not step in the viewer") { window.viewer.position == 1 }
        }
    }

    func testF10OpensTheMainMenu() throws {
        try makeLibrary(labels: ["one"])
        try onMain {
            let window = try launch()
            let button = try XCTUnwrap(tree(of: window.header.root).first { $0.typeName == "GtkMenuButton" })
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(button.opaque)).withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 }
            XCTAssertEqual(gtk_widget_get_visible(popover), 0)
            try RealKeys.press("F10")
            try waitUntil("F10 did not open the main menu") { gtk_widget_get_visible(popover) != 0 }
            try RealKeys.press("Escape")
            try waitUntil { gtk_widget_get_visible(popover) == 0 }
        }
    }
}
