// GtkOverlay: a main child with others floating above it, such as notifications or arrows.
import CGtk

@MainActor
public final class Overlay: Widget {
    override class var gType: GType { gtk_overlay_get_type() }

    public convenience init() {
        self.init(gtk_overlay_new())
        // A group to screen readers, which GTK 4.8 would otherwise call "GtkOverlay".
        setAccessibleRole(.group)
    }

    public func setChild(_ child: Widget) { gtk_overlay_set_child(opaque, child.widget) }

    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(opaque, child.widget) }
}
