// GdkTexture and the other paintables a Picture shows: a decoded image, or an icon of the theme.
import CGtk

@MainActor
public class Paintable: GObjectRef {
    override class var gType: GType { gdk_paintable_get_type() }
}

@MainActor
public final class Texture: Paintable {
    override class var gType: GType { gdk_texture_get_type() }

    /// The pixels of a decoded image, uploaded once and shared by every picture showing them.
    public init(pixbuf: OpaquePointer) {
        super.init(adopting: UnsafeMutablePointer<GObject>(gdk_texture_new_for_pixbuf(pixbuf)))
    }

    public var width: Int { Int(gdk_texture_get_width(opaque)) }
    public var height: Int { Int(gdk_texture_get_height(opaque)) }
}

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
