// GtkMultiSelection: which items of a list model are selected, any number at once (Ctrl and
// Shift clicks, Ctrl+A), for a grid or list view to show and change.
import CGtk

@MainActor
public final class MultiSelection: GObjectRef {
    override class var gType: GType { gtk_multi_selection_get_type() }

    public init(model: ListModel) {
        super.init(adopting: UnsafeMutablePointer<GObject>(gtk_multi_selection_new(model.transferred)!))
    }

    /// Selects the item; `exclusively` unselects every other one, as a plain click does.
    public func select(_ position: Int, exclusively: Bool) {
        gtk_selection_model_select_item(opaque, guint(position), exclusively.gboolean)
    }

    public func isSelected(_ position: Int) -> Bool {
        gtk_selection_model_is_selected(opaque, guint(position)) != 0
    }

    /// How many are selected, without listing them: after Ctrl+A that can be the whole model.
    public var selectedCount: Int {
        withSelection { Int(gtk_bitset_get_size($0)) }
    }

    /// The first selected position, nil for none, without listing them.
    public var firstSelectedPosition: Int? {
        withSelection { gtk_bitset_is_empty($0) != 0 ? nil : Int(gtk_bitset_get_minimum($0)) }
    }

    /// The selected positions, in order.
    public var selectedPositions: [Int] {
        withSelection { set in (0..<gtk_bitset_get_size(set)).map { Int(gtk_bitset_get_nth(set, guint($0))) } }
    }

    public func selectAll() {
        gtk_selection_model_select_all(opaque)
    }

    public func unselectAll() {
        gtk_selection_model_unselect_all(opaque)
    }

    /// Comes when items were selected or unselected, with the positions that may have changed.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor (_ changed: Range<Int>) -> Void) -> SignalHandle {
        connect("selection-changed", .range) { first, count in handler(Int(first)..<Int(first) + Int(count)) }
    }

    private func withSelection<T>(_ body: (OpaquePointer) -> T) -> T {
        let set = gtk_selection_model_get_selection(opaque)!
        defer { gtk_bitset_unref(set) }
        return body(set)
    }
}
