// The command table is the one place a command is declared: these check that the application,
// the window and the Keyboard Shortcuts window all follow it.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class CommandTableTests: AppTestCase, @unchecked Sendable {
    func testEveryCommandIsAnActionWithTheTablesKeysAndPhotoCommandsWaitForAPhoto() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.last)
            // The grid's and the search's own commands are checked by running them, here and in FocusAfterViewingTests.
            for command in Command.allCases where command.scope != .grid && command.scope != .search {
                let group = OpaquePointer(command.scope == .application ? app.application.raw : window.window.raw)
                XCTAssertNotEqual(g_action_group_has_action(group, command.rawValue), 0, "no action for \(command)")
                XCTAssertEqual(app.application.accelerators(for: command.detailedName), command.accelerators, "\(command)")
            }
            let photoCommands = Command.allCases.filter(\.needsPhoto)
            XCTAssertFalse(photoCommands.isEmpty)
            for command in photoCommands {
                XCTAssertFalse(window.window.isActionEnabled(command.rawValue), "\(command) is enabled with nothing selected")
            }
            window.grid.select(positions: [1])
            for command in photoCommands {
                XCTAssertTrue(window.window.isActionEnabled(command.rawValue), "\(command) is disabled with a photo selected")
            }
            window.grid.view.activateAction(Command.contextMenu.detailedName)
            try waitUntil("the grid's Menu key opened no menu") { window.contextMenuIsOpen }
            window.grid.view.activateAction(Command.clearSelection.detailedName)
            XCTAssertEqual(window.grid.selectedCount, 0, "the grid's Escape left the selection")
        }
    }

    func testEveryKeyInTheTableIsOneGtkUnderstands() {
        onMain {
            let keys = Command.allCases.flatMap { $0.accelerators + $0.localKeys } + ShortcutsWindow.entries.flatMap(\.keys)
            XCTAssertGreaterThan(keys.count, 20)
            for key in keys {
                var keyval: guint = 0
                var modifiers = GdkModifierType(rawValue: 0)
                XCTAssertNotEqual(gtk_accelerator_parse(key, &keyval, &modifiers), 0, "GTK cannot parse \(key)")
            }
            for entry in ShortcutsWindow.entries {
                let shown = entry.keys.map { key in
                    var keyval: guint = 0
                    var modifiers = GdkModifierType(rawValue: 0)
                    gtk_accelerator_parse(key, &keyval, &modifiers)
                    return String(cString: gtk_accelerator_get_label(keyval, modifiers))
                }
                XCTAssertEqual(Set(shown).count, shown.count, "“\(entry.title)” shows the same key twice: \(shown)")
            }
            XCTAssertEqual(ShortcutsWindow.entries.filter { $0.group == .general }.map(\.title),
                           ["Main Menu", "Import Photos", "Import Folder", "Search Labels and File Names", "Keyboard Shortcuts", "Help", "Quit"])
            XCTAssertEqual(ShortcutsWindow.entries.filter { $0.group == .viewer }.map(\.title),
                           ["Previous and Next Photo", "Zoom In and Out", "Fit to Window", "Back to All Photos",
                            "Full Screen", "Slideshow", "More or Less Time per Photo in a Slideshow"])
        }
    }

    func testTheKeyboardShortcutsWindowShowsTheTablesEntries() throws {
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.showShortcuts.detailedName)
            try waitUntil("no Keyboard Shortcuts window") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            let shortcutsWindow = try XCTUnwrap(windows(of: gtk_shortcuts_window_get_type()).first)
            let shown = shortcuts(under: Widget(shortcutsWindow.assumingMemoryBound(to: GtkWidget.self)))
            let expected = ShortcutsWindow.entries.map { "\($0.title): \($0.keys.joined(separator: " "))" }
            // The window also keeps a copy of each line for its search, so lines may show twice.
            XCTAssertEqual(Set(shown), Set(expected))
            XCTAssertEqual(Set(expected).count, expected.count, "two lines of the table say the same")
            XCTAssertTrue(shown.contains("Import Photos: <Control>o"))
            XCTAssertTrue(shown.contains("Main Menu: F10"))
            // One section: a second one hid its page behind a drop-down in the window's header.
            let widgetTree = tree(of: Widget(shortcutsWindow.assumingMemoryBound(to: GtkWidget.self)))
            XCTAssertEqual(widgetTree.filter { $0.typeName == "GtkShortcutsSection" }.count, 1)
            // Xvfb's screen, as a laptop's, is 1280 pixels wide: the window must fit it.
            let widget = shortcutsWindow.assumingMemoryBound(to: GtkWidget.self)
            try waitUntil("the Keyboard Shortcuts window is not laid out") { gtk_widget_get_width(widget) > 0 }
            XCTAssertLessThanOrEqual(gtk_widget_get_width(widget), 1280)
            XCTAssertLessThanOrEqual(gtk_widget_get_height(widget), 800)
        }
    }

    /// "Title: accelerator" for each GtkShortcutsShortcut inside the widget, in order.
    @MainActor
    private func shortcuts(under widget: Widget) -> [String] {
        tree(of: widget).filter { $0.typeName == "GtkShortcutsShortcut" }.map {
            "\(Self.string($0.typed(), "title")): \(Self.string($0.typed(), "accelerator"))"
        }
    }

    @MainActor
    private static func string(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: String) -> String {
        var value = GValue()
        // A GtkShortcutsShortcut has no getters in GTK 4.8, only its properties.
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), property, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}
