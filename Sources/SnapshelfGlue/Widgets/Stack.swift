// GtkStack: pages of which one shows at a time, cross-fading between them. Screen readers meet
// only the page shown, by its title: GTK 4.8 keeps the others in the accessible tree, with their
// buttons, and calls an untitled page "GtkStackPage".
import CGtk

@MainActor
public final class Stack: Widget {
    override class var gType: GType { gtk_stack_get_type() }

    private var pages: [Widget] = []
    private var switching: SignalHandle?

    public convenience init() {
        self.init(gtk_stack_new())
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Sized by the page on show only, so a large page does not also measure the hidden ones.
        gtk_stack_set_hhomogeneous(opaque, 0)
        gtk_stack_set_vhomogeneous(opaque, 0)
        switching = connect("notify::visible-child", .pointer) { [weak self] _ in self?.hideUnseenPages() }
    }

    /// Adds a page, which screen readers call by its title while it shows.
    public func addPage(_ child: Widget, named name: String, title: String) {
        gtk_stack_add_titled(opaque, child.widget, name, title)
        pages.append(child)
        hideUnseenPages()
    }

    public func hasPage(named name: String) -> Bool { gtk_stack_get_child_by_name(opaque, name) != nil }

    public var visiblePageName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { gtk_stack_set_visible_child_name(opaque, newValue) }
    }

    /// A page whose child is hidden from screen readers leaves the tree with it.
    private func hideUnseenPages() {
        let shown = Widget.wrapping(gtk_stack_get_visible_child(opaque))
        pages.forEach { $0.hideFromScreenReaders($0 != shown) }
    }
}
