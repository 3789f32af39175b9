// GtkCheckButton: a box to tick beside its label. Like a button's, its accessible name is the
// label without the mnemonic's underscore, which GTK 4.8 would otherwise keep.
import CGtk

@MainActor
public final class CheckButton: Widget {
    override class var gType: GType { gtk_check_button_get_type() }

    /// A check button whose text has an underlined letter, marked "_U", that Alt+U toggles.
    /// Without text, the button has no label until `mnemonic` gives it one.
    public convenience init(mnemonic text: String? = nil) {
        self.init(gtk_check_button_new_with_mnemonic(text))
        if let text { mnemonic = text }
    }

    /// The text with its mnemonic mark; setting it names the button for screen readers too. The
    /// text wraps in a window too narrow for it, rather than widening a dialog past its window.
    public var mnemonic: String {
        get { gtk_check_button_get_label(typed()).map { String(cString: $0) } ?? "" }
        set {
            gtk_check_button_set_label(typed(), newValue)
            gtk_check_button_set_use_underline(typed(), true.gboolean)
            setAccessibleName(mnemonic: newValue)
            children.compactMap { $0.as(Label.self) }.forEach { $0.wraps = true }
        }
    }

    public var isActive: Bool { get { flag(gtk_check_button_get_active) } set { setFlag(gtk_check_button_set_active, newValue) } }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("toggled", .plain, handler)
    }
}
