// GtkSearchEntry: the text field of a search, which reports its text once typing pauses.
import CGtk
import CSnapshelfShim

@MainActor
public final class SearchEntry: Widget, Editable {
    override class var gType: GType { gtk_search_entry_get_type() }

    public convenience init(placeholder: String) {
        self.init(gtk_search_entry_new())
        // GTK 4.8 has no setter for the placeholder of a search entry, only the property.
        snapshelf_search_entry_set_placeholder(opaque, placeholder)
        setAccessibleName(placeholder)
    }

    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("search-changed", .plain, handler)
    }

    /// Comes when Enter is pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("activate", .plain, handler)
    }
}
