// GtkButton: a label, a mnemonic or an icon, an action to activate or a handler for clicks.
// A button's accessible name is its text without the mnemonic's underscore, said once.
import CGtk

@MainActor
public class Button: Widget {
    override class var gType: GType { gtk_button_get_type() }

    public init(label: String) {
        super.init(gtk_button_new_with_label(label))
    }

    /// A button whose text has an underlined letter, marked "_I", that Alt+I presses.
    public init(mnemonic text: String) {
        super.init(gtk_button_new_with_mnemonic(text))
        setAccessibleName(mnemonic: text)
    }

    /// An icon-only button, named for screen readers and given the name as its tooltip.
    public init(iconName: String, name: String) {
        super.init(gtk_button_new_from_icon_name(iconName))
        tooltipText = name
        setAccessibleName(name)
    }

    /// A button showing an icon beside a mnemonic label, as in a header bar.
    public init(iconName: String, mnemonic text: String) {
        super.init(gtk_button_new())
        let content = Box(.horizontal, spacing: 6)
        let icon = Image(iconName: iconName)
        // Decoration: the text names the button, and GTK 4.8 would call the icon "GtkImage".
        icon.hideFromScreenReaders()
        content.append([icon, Label(mnemonic: text)])
        gtk_button_set_child(typed(), content.widget)
        setAccessibleName(mnemonic: text)
    }

    // Designated, unlike a leaf widget's: ToggleButton must not inherit the initialisers above,
    // which make a plain GtkButton.
    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// The button's text as given, with its mnemonic mark; nil for an icon or other child.
    public var label: String? {
        gtk_button_get_label(typed()).map { String(cString: $0) }
    }

    /// Gives the button another text, with an underlined letter marked "_O" as in `init(mnemonic:)`.
    public func setLabel(mnemonic text: String) {
        gtk_button_set_label(typed(), text)
        gtk_button_set_use_underline(typed(), 1)
        setAccessibleName(mnemonic: text)
    }

    /// The action a click activates, such as "win.import"; GTK makes the button insensitive
    /// while the action is disabled.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(opaque).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(opaque, newValue) }
    }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("clicked", .plain, handler)
    }
}

extension Widget {
    /// Names each button inside the widget that libadwaita made with a mnemonic label, such as a
    /// toast's or a message dialog's, by its text alone, as `init(mnemonic:)` does the glue's own;
    /// returns those with no label, such as icon-only ones, for the caller to name.
    @discardableResult
    func nameButtonsByText() -> [Button] {
        descendants.compactMap { $0.as(Button.self) }.filter { button in
            guard let label = button.label else { return true }
            button.setAccessibleName(mnemonic: label)
            return false
        }
    }

    /// Names a widget with a mnemonic label by that label's text alone.
    func setAccessibleName(mnemonic text: String) {
        setSoleAccessibleName(Mnemonic.plain(text))
    }

    /// Names the widget and drops the label GTK 4.8 says after the name when the widget is
    /// "labelled by" one: a mnemonic button's own label, or a menu button's inner button's
    /// outer one, which a screen reader said as "_Undo Undo" or "Main Menu Main Menu".
    func setSoleAccessibleName(_ name: String) {
        setAccessibleName(name)
        gtk_accessible_reset_relation(opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }
}
