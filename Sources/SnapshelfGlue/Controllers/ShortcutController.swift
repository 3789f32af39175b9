// GtkShortcutController: keys that activate named actions while the focus is inside its widget,
// such as the grid or the viewer, so the same keys keep their usual meaning elsewhere (Delete in
// a search entry).
import CGtk

@MainActor
public final class ShortcutController: EventController {
    override class var gType: GType { gtk_shortcut_controller_get_type() }

    /// - Parameter shortcuts: pairs such as ("Delete", "win.remove"), in GTK's trigger syntax.
    public init(_ shortcuts: [(trigger: String, action: String)] = []) {
        super.init(adopting: gtk_shortcut_controller_new())
        shortcuts.forEach { add(trigger: $0.trigger, action: $0.action) }
    }

    public func add(trigger: String, action: String) {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("not a shortcut trigger: \(trigger)")
        }
        gtk_shortcut_controller_add_shortcut(opaque, gtk_shortcut_new(parsed, gtk_named_action_new(action)))
    }
}
