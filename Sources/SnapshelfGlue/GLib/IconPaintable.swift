// GtkIconPaintable: an icon of the display's theme, for a Picture to show in place of a photo.
import CGtk

@MainActor
public final class IconPaintable: Paintable {
    override class var gType: GType { gtk_icon_paintable_get_type() }

    /// A symbolic icon of the display's theme, such as "image-missing-symbolic"; nil without a display.
    public static func named(_ name: String, size: Int) -> IconPaintable? {
        guard let display = gdk_display_get_default(),
              let icon = gtk_icon_theme_lookup_icon(gtk_icon_theme_get_for_display(display), name, nil, gint(size), 1,
                                                    GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
        else { return nil }
        return IconPaintable(adopting: icon)
    }
}
