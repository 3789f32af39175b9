// GtkButton: a label, a mnemonic or an icon, an action to activate or a handler for clicks.
// A button's accessible name is its text without the mnemonic's underscore: GTK 4.8 would
// otherwise say "_Undo Undo".
import CGtk

@MainActor
public class Button: Widget {
    public init(label: String) {
        super.init(gtk_button_new_with_label(label))
        nameByItsText(label)
    }

    /// A button whose text has an underlined letter, marked "_I", that Alt+I presses.
    public init(mnemonic text: String) {
        super.init(gtk_button_new_with_mnemonic(text))
        nameByItsText(Mnemonic.plain(text))
    }

    /// An icon-only button, named for screen readers and given the name as its tooltip.
    public init(iconName: String, name: String) {
        super.init(gtk_button_new_from_icon_name(iconName))
        tooltipText = name
        setAccessibleLabel(name)
    }

    /// A button showing an icon beside a mnemonic label, as in a header bar.
    public init(iconName: String, mnemonic text: String) {
        super.init(gtk_button_new())
        let content = Box(.horizontal, spacing: 6)
        content.append([Image(iconName: iconName), Label(mnemonic: text)])
        gtk_button_set_child(typed(), content.widget)
        setAccessibleLabel(Mnemonic.plain(text))
    }

    init(_ pointer: UnsafeMutablePointer<GtkWidget>, accessibleName: String) {
        super.init(pointer)
        setAccessibleLabel(accessibleName)
    }

    /// Names a button GTK gave a label child by its text, once. GTK 4.8 names it by its label
    /// property and again by the child it is labelled by: "_Undo Undo".
    private func nameByItsText(_ text: String) {
        nameForScreenReaders(text)
        gtk_accessible_reset_relation(opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
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

/// Text with GTK's mnemonic marks: "_" before the letter Alt presses, "__" for an underscore.
public enum Mnemonic {
    public static func plain(_ text: String) -> String {
        var plain = ""
        var escaped = false
        for character in text {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            plain.append(character)
        }
        return plain
    }
}
