// GtkToggleButton: a button that stays pressed while it is on. Given the name of an on-off
// action, it follows the action's state.
import CGtk

@MainActor
public final class ToggleButton: Button {
    override class var gType: GType { gtk_toggle_button_get_type() }

    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// An icon-only toggle, named for screen readers.
    public override init(iconName: String, name: String) {
        super.init(gtk_toggle_button_new())
        gtk_button_set_icon_name(typed(), iconName)
        tooltipText = name
        setAccessibleName(name)
    }

    public var isActive: Bool { get { flag(gtk_toggle_button_get_active) } set { setFlag(gtk_toggle_button_set_active, newValue) } }
}
