// The base for tests that drive the whole application: launching it on a library of its own,
// and doing what a person's keys do in its dialogs.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

class AppTestCase: GtkTestCase, @unchecked Sendable {
    private(set) var applications: [SnapshelfApplication] = []

    override func tearDown() {
        applications.removeAll()
        super.tearDown()
    }

    var libraryDirectory: URL { library.url.appendingPathComponent("library") }

    static func uniqueID() -> String {
        "io.github.snapshelf.Test\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    }

    /// Starts the app the way `g_application_run` does: register (startup), then activate.
    @MainActor
    func launch() throws -> LibraryWindow {
        let app = SnapshelfApplication(libraryDirectory: libraryDirectory, id: Self.uniqueID())
        applications.append(app)
        XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
        g_application_activate(app.application.typed())
        let window = try XCTUnwrap(app.window)
        try waitUntil("the window never appeared") { gtk_widget_get_mapped(window.window.typed()) != 0 }
        // Up, as a person finds it: drawn once, and what the first frame handed on done. The frame
        // clock counts from -1, adds one as a frame begins, and paints it to its end within the
        // same turn of the main loop.
        try waitUntil("the window never drew its first frame") {
            gtk_widget_get_frame_clock(window.window.typed()).map { gdk_frame_clock_get_frame_counter($0) >= 0 } ?? false
        }
        try waitForIdleWork()
        return window
    }

    func makeLibrary(labels: [String]) throws {
        let store = try PhotoStore(directory: libraryDirectory)
        for (label, url) in zip(labels, SamplePhotos.cameras) {
            _ = try store.library.add(try PhotoCandidate(inspecting: url, previewSize: 32), label: try Label(label))
        }
    }

    /// The label dialog, once the files given to the import flow were listed.
    @MainActor
    func waitForDialog(in window: LibraryWindow) throws -> LabelDialog {
        try waitUntil("the label dialog never opened") { window.importFlow.dialog != nil }
        return try XCTUnwrap(window.importFlow.dialog)
    }

    /// Does what the Enter key does in an entry: emits its "activate" signal.
    @MainActor
    func pressEnter(in entry: Widget) {
        let type = g_type_from_name(entry.typeName)
        let signal = g_signal_lookup("activate", type)
        XCTAssertNotEqual(signal, 0)
        var instance = GValue()
        g_value_init(&instance, type)
        g_value_set_object(&instance, entry.raw)
        g_signal_emitv(&instance, signal, 0, nil)
        g_value_unset(&instance)
    }

    @MainActor
    func focusIsInside(_ widget: GObjectRef) -> Bool {
        gtk_widget_has_focus(widget.typed()) != 0 || gtk_widget_get_focus_child(widget.typed()) != nil
    }

    /// The visible toplevel windows of a GType, such as GtkAboutDialog.
    @MainActor
    func windows(of type: GType) -> [UnsafeMutableRawPointer] {
        let toplevels = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
            let window = g_list_model_get_item(toplevels, index)!
            g_object_unref(window)
            let matches = g_type_check_instance_is_a(window.assumingMemoryBound(to: GTypeInstance.self), type) != 0
            return matches && gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0 ? window : nil
        }
    }

    /// The widget and every widget inside it, shown or not, first to last.
    @MainActor
    func tree(of widget: Widget) -> [Widget] {
        [widget] + widget.children.flatMap(tree)
    }

    /// The text of every label inside a widget, shown or not, as a person would read them.
    @MainActor
    func labelTexts(in widget: Widget) -> [String] {
        tree(of: widget).filter { $0.typeName == "GtkLabel" }.map { String(cString: gtk_label_get_text($0.opaque)) }
    }

    /// The window's event controllers of one type, such as its drop target.
    @MainActor
    func controllers(of type: GType, on window: GObjectRef) -> [OpaquePointer] {
        let list = gtk_widget_observe_controllers(window.typed())!
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            let controller = g_list_model_get_item(list, index)!
            defer { g_object_unref(controller) }
            let matches = g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), type) != 0
            return matches ? OpaquePointer(controller) : nil
        }
    }

    /// Activates whatever the window's shortcut controllers bind to Escape.
    @MainActor
    func pressEscape(in window: GObjectRef) -> Bool {
        press(GDK_KEY_Escape, in: window)
    }

    /// Activates whatever the window's shortcut controllers bind to the key, without modifiers.
    @MainActor
    func press(_ key: Int32, in window: GObjectRef) -> Bool {
        let trigger = gtk_keyval_trigger_new(guint(key), GdkModifierType(rawValue: 0))!
        defer { g_object_unref(UnsafeMutableRawPointer(trigger)) }
        for shortcuts in controllers(of: gtk_shortcut_controller_get_type(), on: window) {
            for index in 0..<g_list_model_get_n_items(shortcuts) {
                let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, index)!)
                defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
                if gtk_shortcut_trigger_equal(UnsafeRawPointer(gtk_shortcut_get_trigger(shortcut)),
                                              UnsafeRawPointer(trigger)) != 0 {
                    return gtk_shortcut_action_activate(gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                        window.typed(), nil) != 0
                }
            }
        }
        return false
    }

    /// Clicks the button the way a person does, and says whether the signal was known.
    @MainActor
    func click(_ button: Widget) -> guint {
        let signal = g_signal_lookup("clicked", gtk_button_get_type())
        var instance = GValue()
        g_value_init(&instance, gtk_button_get_type())
        g_value_set_object(&instance, button.raw)
        g_signal_emitv(&instance, signal, 0, nil)
        g_value_unset(&instance)
        return signal
    }

    /// Each item's attribute, in its sections too, of the items that have it.
    @MainActor
    func attributes(_ name: String, in menu: Menu) -> [String] {
        attributes(name, in: menu.raw.assumingMemoryBound(to: GMenuModel.self))
    }

    @MainActor
    func attributes(_ name: String, in model: UnsafeMutablePointer<GMenuModel>) -> [String] {
        (0..<g_menu_model_get_n_items(model)).flatMap { item -> [String] in
            if let section = g_menu_model_get_item_link(model, item, "section") {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                return attributes(name, in: section)
            }
            guard let value = g_menu_model_get_item_attribute_value(model, item, name, nil) else { return [] }
            defer { g_variant_unref(value) }
            return [String(cString: g_variant_get_string(value, nil))]
        }
    }
}
