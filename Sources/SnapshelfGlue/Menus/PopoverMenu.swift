// GtkPopoverMenu: a menu hanging from a point of a widget, as a context menu does.
import CGtk

@MainActor
public final class PopoverMenu: Widget {
    override class var gType: GType { gtk_popover_menu_get_type() }

    private var unparenting: SignalHandle?
    private var closing: SignalHandle?
    /// Whether the menu was shown and hidden once, which its separators wait for.
    private var isComplete = false
    /// Whether the person has the menu open, as opposed to its first showing and hiding.
    private var isOpen = false
    /// The widget that had the keyboard when the menu opened, nil for none.
    private var focusBefore: Widget?

    /// A menu attached to `parent`, without the arrow, opening below the point it is shown at.
    public convenience init(_ menu: Menu, attachedTo parent: Widget) {
        self.init(gtk_popover_menu_new_from_model(UnsafeMutablePointer<GMenuModel>(menu.opaque)))
        gtk_widget_set_parent(widget, parent.widget)
        gtk_popover_set_has_arrow(typed(), 0)
        gtk_popover_set_position(typed(), GTK_POS_BOTTOM)
        // A popover given a parent by hand must leave it before the parent is gone, closed first
        // so that it lets go of the keyboard. The handler keeps the popover alive, since a parent
        // such as GtkOverlay may drop it first.
        let popover = Widget.wrapping(widget)
        unparenting = parent.onDestroy { [popover, parent = parent.widget] in
            guard let popover, gtk_widget_get_parent(popover.widget) == parent else { return }
            gtk_popover_popdown(popover.typed())
            gtk_widget_unparent(popover.widget)
        }
        closing = connect("closed", .plain) { [weak self] in self?.giveFocusBack() }
    }

    /// Opens at a point of the parent, with the keyboard in the menu as from a menu button, so
    /// the arrows then work.
    public func popUp(atX x: Double, y: Double) {
        if !isOpen { focusBefore = focusedWidgetInWindow }
        var point = GdkRectangle(x: gint(x), y: gint(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(typed(), &point)
        guard isComplete else {
            // GTK 4.8 puts the separators between the sections in only once the menu has been
            // hidden, from an idle callback; opened straight away, it was measured without them
            // and cut off its last item. So it is shown and hidden at once, and opened after that.
            isComplete = true
            isVisible = true
            isVisible = false
            MainLoop.performAfterGTKIdleWork { [weak self] in self?.open() }
            return
        }
        open()
    }

    private func open() {
        isOpen = true
        gtk_popover_popup(typed())
        // GTK may already have put the focus on the first item; moving on from there would
        // start the menu at its second.
        if focusedWidgetInWindow.map(contains) != true {
            gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD)
        }
    }

    /// GTK leaves the focus on the popover's parent, a scrolled window where the arrows and the
    /// menu keys do nothing, or with nothing focused before, on the first button it finds; it
    /// goes back to where it was, unless an item moved it elsewhere.
    private func giveFocusBack() {
        guard isOpen, let root = gtk_widget_get_root(widget) else { return }
        isOpen = false
        let before = focusBefore
        focusBefore = nil
        let now = focusedWidgetInWindow
        guard let before else {
            // GTK picks its button only once the menu is unmapped, after this signal.
            return MainLoop.performAfterGTKIdleWork { [weak self] in
                guard let self, let root = gtk_widget_get_root(widget) else { return }
                gtk_root_set_focus(root, nil)
            }
        }
        guard now == nil || now == parent || now.map(contains) == true else { return }
        if before.isMapped, !contains(before) {
            before.grabFocus()
        } else {
            gtk_root_set_focus(root, nil)
        }
    }
}
