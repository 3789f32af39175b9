// GtkPopoverMenu: a menu hanging from a point of a widget, as a context menu does.
import CGtk

@MainActor
public final class PopoverMenu: Widget {
    private var unparenting: SignalHandle?

    /// A menu attached to `parent`, without the arrow, opening below the point it is shown at.
    public init(_ menu: Menu, attachedTo parent: Widget) {
        super.init(gtk_popover_menu_new_from_model(UnsafeMutablePointer<GMenuModel>(menu.opaque)))
        gtk_widget_set_parent(widget, parent.widget)
        gtk_popover_set_has_arrow(typed(), 0)
        gtk_popover_set_position(typed(), GTK_POS_BOTTOM)
        // A popover given a parent by hand must leave it before the parent is gone.
        unparenting = parent.onDestroy { [widget] in gtk_widget_unparent(widget) }
    }

    /// Opens at a point of the parent, with the keyboard in the menu as from a menu button, so
    /// the arrows then work.
    public func popUp(atX x: Double, y: Double) {
        var point = GdkRectangle(x: gint(x), y: gint(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(typed(), &point)
        gtk_popover_popup(typed())
        gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD)
    }
}
