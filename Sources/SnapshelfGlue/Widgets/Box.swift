// GtkBox: children in a row or a column.
import CGtk

@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(gtk_box_new(orientation.gtk, gint(spacing)))
    }

    public func append(_ child: Widget) { gtk_box_append(typed(), child.widget) }

    public func append(_ children: [Widget]) { children.forEach(append) }
}
