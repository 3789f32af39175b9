// The window follows the desktop's colour scheme, as every GNOME app beside it does: its drawn
// ground is light under color-scheme 'default' and 'prefer-light', dark under 'prefer-dark', set
// before it opens or while it is open. The scheme is set through GSettings on the memory backend,
// which lives in this process alone, so neither this machine's settings nor a settings portal on
// the bus (libadwaita reads one first) can decide it, and nothing of the person's is changed.
import CGtk
import Foundation
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ColorSchemeTests: AppTestCase, @unchecked Sendable {
    /// Before anything in the process makes the default GSettings backend or starts libadwaita,
    /// which take these once: the runner gives each class a process of its own.
    override class func setUp() {
        super.setUp()
        setenv("GSETTINGS_BACKEND", "memory", 1)
        setenv("ADW_DISABLE_PORTAL", "1", 1)
        // What would otherwise stand above the desktop's setting.
        unsetenv("ADW_DEBUG_COLOR_SCHEME")
        unsetenv("GTK_THEME")
    }

    enum Ground: Equatable { case light, dark }

    func testTheWindowOpensDarkWhenTheDesktopPrefersDark() throws {
        try onMain {
            let interface = try desktopInterface()
            try setScheme("prefer-dark", in: interface)
            let window = try launch()
            XCTAssertEqual(StyleManager.default.colorScheme, .followsDesktop, "the app must not choose for the desktop")
            try waitForGround(.dark, of: window)
            XCTAssertTrue(StyleManager.default.isDark)
            XCTAssertEqual(String(cString: gtk_window_get_title(window.window.typed())), "Snapshelf")
        }
    }

    func testTheWindowTurnsDarkAndLightAgainWhileItIsOpen() throws {
        try onMain {
            let interface = try desktopInterface()
            try setScheme("default", in: interface)
            let window = try launch()
            try waitForGround(.light, of: window)
            XCTAssertFalse(StyleManager.default.isDark)

            var changes = 0
            let counting = StyleManager.default.onDarkChanged { changes += 1 }
            defer { counting.disconnect() }
            try setScheme("prefer-dark", in: interface)
            try waitUntil("the style manager never heard of the change") { changes == 1 }
            try waitForGround(.dark, of: window)

            try setScheme("prefer-light", in: interface)
            try waitUntil("the style manager never heard of the change back") { changes == 2 }
            try waitForGround(.light, of: window)
        }
    }

    // MARK: The desktop's setting

    /// org.gnome.desktop.interface, on the memory backend; the test stops rather than write to
    /// any other, which would be this machine's own settings.
    @MainActor
    private func desktopInterface() throws -> GObjectRef {
        let source = try XCTUnwrap(g_settings_schema_source_get_default(), "no GSettings schemas are installed")
        let schema = try XCTUnwrap(g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1),
                                   "org.gnome.desktop.interface is missing: install gsettings-desktop-schemas")
        defer { g_settings_schema_unref(schema) }
        XCTAssertNotEqual(g_settings_schema_has_key(schema, "color-scheme"), 0, "the schema predates color-scheme")
        let settings = GObjectRef(adopting: g_settings_new_full(schema, nil, nil)!)
        var backend = GValue()
        g_value_init(&backend, g_object_get_type())
        defer { g_value_unset(&backend) }
        g_object_get_property(settings.typed(), "backend", &backend)
        let kind = g_value_get_object(&backend).map {
            String(cString: g_type_name_from_instance(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self)))
        }
        guard kind == "GMemorySettingsBackend" else {
            throw UITimeout(description: "GSettings writes to \(kind ?? "nothing"), not to memory: run this class in a "
                + "process of its own (Tests/runner.py does), so that it never changes this machine's settings")
        }
        return settings
    }

    @MainActor
    private func setScheme(_ scheme: String, in settings: GObjectRef) throws {
        XCTAssertNotEqual(g_settings_set_string(settings.typed(), "color-scheme", scheme), 0, scheme)
    }

    // MARK: What the window draws

    /// Waits until the window's last drawn frame has the ground asked for, drawing new ones meanwhile.
    @MainActor
    private func waitForGround(_ ground: Ground, of window: LibraryWindow, line: UInt = #line) throws {
        var last: Double?
        try waitUntil("the window's ground stayed at luminance \(last.map { String(format: "%.2f", $0) } ?? "unknown"), "
                      + "never \(ground)", timeout: 30) {
            gtk_widget_queue_draw(window.window.typed())
            last = medianLuminance(of: window.window)
            guard let luminance = last else { return false }
            return ground == .light ? luminance > 0.7 : luminance < 0.3
        }
    }

    /// The median luminance, from 0 for black to 1 for white, of the opaque pixels of the window
    /// as GTK draws it: its ground and header bar make up most of an empty library's window. A
    /// toplevel keeps no render node of its last frame, unlike the widgets in it, so it is drawn
    /// anew as a frame draws it: its CSS ground, then its snapshot function, which draws what its
    /// widgets last drew over it.
    @MainActor
    private func medianLuminance(of window: Window) -> Double? {
        guard window.width > 16, window.height > 16, let snapshot = gtk_snapshot_new() else { return nil }
        gtk_snapshot_render_background(snapshot, gtk_widget_get_style_context(window.typed()), 0, 0,
                                       Double(window.width), Double(window.height))
        let instance = window.raw.assumingMemoryBound(to: GTypeInstance.self)
        let windowClass = UnsafeMutableRawPointer(instance.pointee.g_class).assumingMemoryBound(to: GtkWidgetClass.self)
        windowClass.pointee.snapshot(window.typed(), snapshot)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        guard let renderer = gtk_native_get_renderer(OpaquePointer(window.raw)),
              let texture = gsk_renderer_render_texture(renderer, node, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let stride = Int(gdk_texture_get_width(texture)) * 4
        var pixels = [UInt8](repeating: 0, count: stride * Int(gdk_texture_get_height(texture)))
        gdk_texture_download(texture, &pixels, gsize(stride))
        // Blue, green, red and alpha; a window's rounded corners and shadow are not its ground.
        let luminances = Swift.stride(from: 0, to: pixels.count, by: 4).compactMap { offset -> Double? in
            guard pixels[offset + 3] == 255 else { return nil }
            let (blue, green, red) = (Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
            return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
        }.sorted()
        return luminances.isEmpty ? nil : luminances[luminances.count / 2]
    }
}
