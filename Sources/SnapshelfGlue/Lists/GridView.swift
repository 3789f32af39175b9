// GtkGridView: the items of a selection model in rows of columns, each slot filled by a factory.
// GTK keeps only the slots near the view alive and recycles them as it scrolls.
import CGtk

@MainActor
public final class GridView: Widget {
    override class var gType: GType { gtk_grid_view_get_type() }

    public convenience init(model: MultiSelection, factory: SignalListItemFactory) {
        self.init(gtk_grid_view_new(model.transferred, factory.transferred)!)
    }

    /// The most columns the grid spreads its items over, however wide it is.
    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(opaque)) }
        set { gtk_grid_view_set_max_columns(opaque, guint(newValue)) }
    }

    public var minColumns: Int {
        get { Int(gtk_grid_view_get_min_columns(opaque)) }
        set { gtk_grid_view_set_min_columns(opaque, guint(newValue)) }
    }

    /// Scrolls until the item at the position is in view and gives it the focus.
    public func scrollTo(position: Int) {
        // GTK 4.8 has no gtk_grid_view_scroll_to; the view's built-in action does the same.
        let target = g_variant_ref_sink(g_variant_new_uint32(guint(position)))
        defer { g_variant_unref(target) }
        gtk_widget_activate_action_variant(widget, "list.scroll-to-item", target)
    }

    /// Comes when an item is activated: double-clicked, or Enter on the focused one.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (_ position: Int) -> Void) -> SignalHandle {
        connect("activate", .unsigned) { position in handler(Int(position)) }
    }
}
