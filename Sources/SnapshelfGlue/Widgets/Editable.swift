// GtkEditable: the text of an entry or a search entry, and where its cursor and selection are.
import CGtk

@MainActor
public protocol Editable: Widget {}

extension Editable {
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    public func selectAll() {
        gtk_editable_select_region(opaque, 0, -1)
    }

    /// Puts the cursor after the text, selecting nothing.
    public func moveCursorToEnd() {
        gtk_editable_set_position(opaque, -1)
    }
}
