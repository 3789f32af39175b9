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

    /// How wide the field is, in characters: at the least, and when it has the room.
    public func setWidth(chars least: Int, upTo most: Int) {
        gtk_editable_set_width_chars(opaque, gint(least))
        gtk_editable_set_max_width_chars(opaque, gint(most))
    }

    /// Puts the cursor after the text, selecting nothing.
    public func moveCursorToEnd() {
        gtk_editable_set_position(opaque, -1)
    }
}
