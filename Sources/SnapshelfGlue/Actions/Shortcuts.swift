// Keyboard shortcuts that act only while the focus is inside one widget, such as the grid or the
// viewer, so that the same keys keep their usual meaning elsewhere (Delete in a search entry).
import CGtk

@MainActor
public enum Shortcuts {
    /// Adds shortcuts like ("Delete", "win.remove") to the widget, for named actions it can reach.
    /// With `beforeChildren`, they act before the focused child sees the key, which is how a key
    /// the child would use (Space in a list item) gets another meaning.
    public static func add(_ shortcuts: [(trigger: String, action: String)], to widget: UnsafeMutableRawPointer,
                           beforeChildren: Bool = false) {
        let controller = gtk_shortcut_controller_new()!
        if beforeChildren {
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        }
        for (trigger, action) in shortcuts {
            guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
                preconditionFailure("not a shortcut trigger: \(trigger)")
            }
            gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(parsed, gtk_named_action_new(action)))
        }
        gtk_widget_add_controller(widget.assumingMemoryBound(to: GtkWidget.self), controller)
    }
}
