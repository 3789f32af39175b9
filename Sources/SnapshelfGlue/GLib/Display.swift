// GdkDisplay: the screen the windows open on.
import CGtk

@MainActor
public final class Display: GObjectRef {
    override class var gType: GType { gdk_display_get_type() }

    /// Starts GTK on the display DISPLAY or WAYLAND_DISPLAY names; false when neither works.
    public static func open() -> Bool {
        gtk_init_check() != 0
    }

    /// The size of the default display's first monitor in the logical pixels that windows are
    /// sized in, so a scale of 2 halves it; nil without a display or a monitor.
    public static var monitorSize: (width: Int, height: Int)? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
              g_list_model_get_n_items(monitors) > 0, let monitor = g_list_model_get_item(monitors, 0) else { return nil }
        defer { g_object_unref(monitor) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
        return geometry.width > 0 && geometry.height > 0 ? (Int(geometry.width), Int(geometry.height)) : nil
    }
}
