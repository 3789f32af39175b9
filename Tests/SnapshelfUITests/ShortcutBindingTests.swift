// The Keyboard Shortcuts window says what the keys do: each command's line shows the keys GTK
// really has for its commands, read back from the application and the widgets' shortcut
// controllers, and each line of GtkGridView's own keys names keys GtkGridView binds itself.
// The thumbnail size and the viewer's zoom share their keys, each acting where it is shown.
import CGtk
import Foundation
@testable import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

final class ShortcutBindingTests: AppTestCase, @unchecked Sendable {
    func testEveryLineShowsTheKeysBoundToItsCommandsOrByGtkGridView() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.last)
            // Its items bind Return and Space themselves.
            try waitUntil("the grid shows no photo") { window.grid.boundTiles.count == 2 }
            let bound = tree(of: window.window).flatMap(shortcuts(on:))
            let commandNames = Set(Command.allCases.map(\.detailedName))
            let gridViewKeys = Set(tree(of: window.grid.view).flatMap(shortcuts(on:))
                .filter { !commandNames.contains($0.action ?? "") }.map(\.trigger))
            var lines = ShortcutsWindow.entries

            for entry in GridViewKeys.entries {
                XCTAssertEqual(lines.first { $0.title == entry.title }?.keys, entry.keys)
                lines.removeAll { $0.title == entry.title }
                for key in entry.keys {
                    XCTAssertTrue(gridViewKeys.contains(key), "GtkGridView does not bind \(key) of “\(entry.title)”")
                    XCTAssertEqual(Self.actions(for: key, in: app.application), [], "the application takes \(key) from the grid")
                }
            }
            for command in Command.allCases {
                guard case .own(let group, let title) = command.spec.line else { continue }
                let joining = Command.allCases.filter { if case .joins(command) = $0.spec.line { true } else { false } }
                let keys = ([command] + joining).flatMap { command in
                    app.application.accelerators(for: command.detailedName)
                        + bound.filter { $0.action == command.detailedName }.map(\.trigger)
                }
                for key in command.spec.gridViewKeys {
                    XCTAssertTrue(gridViewKeys.contains(key), "GtkGridView does not bind \(key) of “\(title)”")
                }
                let line = try XCTUnwrap(lines.first { $0.title == title }, "no line “\(title)”")
                XCTAssertEqual(line.group, group, title)
                XCTAssertEqual(line.keys, command.spec.gridViewKeys + keys.filter { !ShortcutsWindow.isRepeat($0) }, title)
                lines.removeAll { $0.title == title }
            }
            // F10 is GTK's own key for the window's primary menu button, the header's main menu.
            XCTAssertEqual(lines.first { $0.title == "Main Menu" }?.keys, ["F10"])
            XCTAssertTrue(window.header.mainMenu.isPrimary, "F10 opens no main menu")
            lines.removeAll { $0.title == "Main Menu" }
            XCTAssertEqual(lines.map(\.title), [], "lines of no command and no key of GtkGridView")
        }
    }

    func testControlPlusSizesTheThumbnailsOverTheGridAndZoomsInTheViewer() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            try pressKeys("<Control>plus", in: window)
            let larger = window.grid.tileSize
            XCTAssertGreaterThan(larger, PhotoTile.defaultSize)

            window.open(position: 0)
            try waitUntil("the photo itself never replaced its thumbnail") { window.viewer.showsFullImage }
            try pressKeys("<Control>plus", in: window)
            XCTAssertNotNil(window.viewer.zoom, "Ctrl++ did not zoom the viewer")
            try pressKeys("<Control>0", in: window)
            XCTAssertNil(window.viewer.zoom, "Ctrl+0 did not fit the photo to the window")
            XCTAssertEqual(window.grid.tileSize, larger, "the viewer's keys changed the thumbnails")

            window.closeViewer()
            try pressKeys("<Control>0", in: window)
            XCTAssertEqual(window.grid.tileSize, PhotoTile.defaultSize)
            try pressKeys("<Control>minus", in: window)
            XCTAssertLessThan(window.grid.tileSize, PhotoTile.defaultSize)
        }
    }

    /// Every shortcut of the widget's own shortcut controllers, with the action it names, if any;
    /// not the application's accelerators, which GTK gives each window in controllers of its own
    /// (one of them its shortcut manager's, which gathers them).
    @MainActor
    private func shortcuts(on widget: Widget) -> [(trigger: String, action: String?)] {
        controllers(of: gtk_shortcut_controller_get_type(), on: widget).filter { controller in
            let name = gtk_event_controller_get_name(controller).map { String(cString: $0) } ?? ""
            return gtk_shortcut_controller_get_scope(controller) == GTK_SHORTCUT_SCOPE_LOCAL && !name.hasPrefix("gtk-shortcut-manager")
        }.flatMap { controller in
            (0..<g_list_model_get_n_items(controller)).map { index in
                let shortcut = OpaquePointer(g_list_model_get_item(controller, index)!)
                defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
                let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
                defer { g_free(trigger) }
                let action = gtk_shortcut_get_action(shortcut)!
                let named = g_type_check_instance_is_a(UnsafeMutablePointer(action), gtk_named_action_get_type()) != 0
                return (String(cString: trigger), named ? String(cString: gtk_named_action_get_action_name(action)) : nil)
            }
        }
    }

    @MainActor
    private static func actions(for key: String, in application: Application) -> [String] {
        guard let list = gtk_application_get_actions_for_accel(application.typed(), key) else { return [] }
        defer { g_strfreev(list) }
        return Array(sequence(first: list) { $0 + 1 }.prefix { $0.pointee != nil }.map { String(cString: $0.pointee!) })
    }
}
