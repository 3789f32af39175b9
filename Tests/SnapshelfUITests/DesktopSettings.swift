// The desktop's settings as GTK holds them (GtkSettings), which GNOME's settings daemon would set
// through XSETTINGS: a test gives one the value a GNOME desktop has, and puts it back after.
import CGtk
import XCTest

@MainActor
enum DesktopSettings {
    /// Sets a string setting, such as "gtk-decoration-layout", until the test case ends.
    static func set(_ name: String, to text: String, in test: XCTestCase) {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gchararray"))
        g_value_set_string(&value, text)
        set(name, &value, in: test)
    }

    /// Sets an integer setting, such as "gtk-xft-dpi", until the test case ends.
    static func set(_ name: String, to number: Int32, in test: XCTestCase) {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gint"))
        g_value_set_int(&value, number)
        set(name, &value, in: test)
    }

    private static func set(_ name: String, _ value: inout GValue, in test: XCTestCase) {
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!).assumingMemoryBound(to: GObject.self)
        var old = GValue()
        g_value_init(&old, value.g_type)
        g_object_get_property(settings, name, &old)
        g_object_set_property(settings, name, &value)
        g_value_unset(&value)
        // Back to what it was, before the next test's windows open.
        nonisolated(unsafe) var saved = old
        test.addTeardownBlock {
            MainActor.assumeIsolated {
                g_object_set_property(settings, name, &saved)
                g_value_unset(&saved)
            }
        }
    }
}
