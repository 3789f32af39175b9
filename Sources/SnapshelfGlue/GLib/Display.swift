// GdkDisplay: the screen the windows open on.
import CGtk

@MainActor
public final class Display: GObjectRef {
    override class var gType: GType { gdk_display_get_type() }

    /// Starts GTK on the display DISPLAY or WAYLAND_DISPLAY names; false when neither works.
    public static func open() -> Bool {
        gtk_init_check() != 0
    }
}
