// GtkBox: children in a row or a column.
import CGtk

@MainActor
public final class Box: Widget {
    override class var gType: GType { gtk_box_get_type() }

    public convenience init(_ orientation: Orientation, spacing: Int = 0) {
        self.init(gtk_box_new(orientation.gtk, gint(spacing)))
    }

    public func append(_ child: Widget) { gtk_box_append(typed(), child.widget) }

    public func append(_ children: [Widget]) { children.forEach(append) }
}
