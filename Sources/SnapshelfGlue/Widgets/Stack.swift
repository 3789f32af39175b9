// GtkStack: pages of which one shows at a time, cross-fading between them.
import CGtk

@MainActor
public final class Stack: Widget {
    public init() {
        super.init(gtk_stack_new())
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Sized by the page on show only, so a large page does not also measure the hidden ones.
        gtk_stack_set_hhomogeneous(opaque, 0)
        gtk_stack_set_vhomogeneous(opaque, 0)
    }

    public func addPage(_ child: Widget, named name: String) { gtk_stack_add_named(opaque, child.widget, name) }

    public func hasPage(named name: String) -> Bool { gtk_stack_get_child_by_name(opaque, name) != nil }

    public var visiblePageName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { gtk_stack_set_visible_child_name(opaque, newValue) }
    }
}
