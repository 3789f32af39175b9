// Keys pressed and labels typed as a person does: keys by what GTK binds to them, the
// application's accelerators first (the first enabled one of a key's), then the window's own shortcut controllers, which a focused
// widget would have had its turn at; labels in the edit dialog.
import CGtk
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

extension AppTestCase {
    /// Runs what the keys, such as "<Control>z", are bound to in the window.
    @MainActor
    func pressKeys(_ keys: String, in window: LibraryWindow) throws {
        let app = try XCTUnwrap(applications.last)
        if let actions = gtk_application_get_actions_for_accel(app.application.typed(), keys) {
            defer { g_strfreev(actions) }
            let names = sequence(first: actions) { $0 + 1 }.prefix { $0.pointee != nil }.map { String(cString: $0.pointee!) }
            if !names.isEmpty {
                // As GTK does, the keys pass over a disabled action to the next one bound to them.
                let enabled = names.first { name in
                    let group: ActionMap = name.hasPrefix("app.") ? app.application : window.window
                    return group.isActionEnabled(String(name.drop { $0 != "." }.dropFirst()))
                }
                if let enabled { window.window.activateAction(enabled) }
                return
            }
        }
        let trigger = try XCTUnwrap(gtk_shortcut_trigger_parse_string(keys), "GTK cannot read \(keys)")
        defer { g_object_unref(UnsafeMutableRawPointer(trigger)) }
        for shortcuts in controllers(of: gtk_shortcut_controller_get_type(), on: window.window) {
            for index in 0..<g_list_model_get_n_items(shortcuts) {
                let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, index)!)
                defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
                if gtk_shortcut_trigger_equal(UnsafeRawPointer(gtk_shortcut_get_trigger(shortcut)), UnsafeRawPointer(trigger)) != 0 {
                    XCTAssertNotEqual(gtk_shortcut_action_activate(gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                                   window.window.typed(), nil), 0, "\(keys) did nothing")
                    return
                }
            }
        }
        XCTFail("nothing is bound to \(keys)")
    }
}

extension AppTestCase {
    /// Types the label into the edit dialog for the photos selected, and saves it with Enter.
    @MainActor
    func label(_ positions: [Int], as text: String, in window: LibraryWindow) throws {
        window.grid.select(positions: positions)
        window.window.activateAction(Command.editLabel.detailedName)
        let dialog = try XCTUnwrap(window.commands.editDialog)
        dialog.entryWidget.text = text
        pressEnter(in: dialog.entryWidget)
    }
}
