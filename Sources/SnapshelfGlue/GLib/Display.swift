// GdkDisplay: the screen the windows open on, and the style sheets every widget on it follows.
import CGtk

@MainActor
public final class Display: GObjectRef {
    override class var gType: GType { gdk_display_get_type() }

    /// Starts GTK on the display DISPLAY or WAYLAND_DISPLAY names; false when neither works.
    public static func open() -> Bool {
        gtk_init_check() != 0
    }

    /// The display GTK opened; nil before `open`, or without one.
    public static var `default`: Display? {
        gdk_display_get_default().map { Display($0) }
    }

    /// Styles every widget on the display with the sheet, above the theme.
    public func addStyleSheet(_ sheet: CssProvider) {
        gtk_style_context_add_provider_for_display(opaque, sheet.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
