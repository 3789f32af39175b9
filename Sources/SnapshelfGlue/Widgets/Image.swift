// GtkImage: an icon of the theme.
import CGtk

@MainActor
public final class Image: Widget {
    override class var gType: GType { gtk_image_get_type() }

    public convenience init(iconName: String? = nil) {
        self.init(gtk_image_new_from_icon_name(iconName))
    }

    public func setIcon(_ name: String) { gtk_image_set_from_icon_name(opaque, name) }

    /// The icon's size in pixels; nil for the theme's default.
    public var pixelSize: Int? {
        get { gtk_image_get_pixel_size(opaque) < 0 ? nil : Int(gtk_image_get_pixel_size(opaque)) }
        set { gtk_image_set_pixel_size(opaque, gint(newValue ?? -1)) }
    }
}
