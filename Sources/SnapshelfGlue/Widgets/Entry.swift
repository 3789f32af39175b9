// GtkEntry: one line of text to type, such as a photo's label.
import CGtk

@MainActor
public final class Entry: Widget, Editable {
    override class var gType: GType { gtk_entry_get_type() }

    /// - Parameter name: what screen readers call the entry, which would otherwise be "GtkEntry".
    public convenience init(name: String) {
        self.init(gtk_entry_new())
        setAccessibleName(name)
    }

    /// The grey hint shown while the entry is empty; nil for none.
    public var placeholderText: String? {
        get { gtk_entry_get_placeholder_text(typed()).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(typed(), newValue) }
    }

    /// Comes whenever the text changes, typed, pasted or set.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("changed", .plain, handler)
    }

    /// Comes when the person presses Enter in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("activate", .plain, handler)
    }

    /// Takes the keyboard focus keeping the text's selection and cursor as they are, where a plain
    /// `grabFocus` would select all the text.
    public func focusKeepingSelection() {
        gtk_entry_grab_focus_without_selecting(typed())
    }
}
