// GdkPaintable: what a Picture shows, whether a decoded image or an icon of the theme.
import CGtk

@MainActor
public class Paintable: GObjectRef {
    override class var gType: GType { gdk_paintable_get_type() }
}
