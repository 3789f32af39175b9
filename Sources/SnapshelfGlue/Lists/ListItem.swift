// GtkListItem: one slot of a list or grid view, which GTK recycles from row to row. Its child is
// built once, in the factory's setup; the Swift object attached to it (such as the tile that
// child belongs to) travels with the slot, and `key` says which row it is bound to now.
import CGtk

@MainActor
public final class ListItem: GObjectRef {
    override class var gType: GType { gtk_list_item_get_type() }

    private static let attachmentKey = "snapshelf-list-item-attachment"

    /// What the slot shows. GTK puts it inside the cell widget that takes the keyboard focus,
    /// so the cell is the child's `parent`.
    public var child: Widget? {
        get { Widget.wrapping(gtk_list_item_get_child(opaque)) }
        set { gtk_list_item_set_child(opaque, newValue?.widget) }
    }

    /// The position of the row it is bound to; nil while unbound.
    public var position: Int? {
        let position = gtk_list_item_get_position(opaque)
        return position == guint.max ? nil : Int(position)  // GTK_INVALID_LIST_POSITION
    }

    /// The key of the row it is bound to, from a `ListModel`; nil while unbound.
    public var key: Int64? {
        ListModel.key(ofItem: gtk_list_item_get_item(opaque))
    }

    /// Keeps a Swift object with the slot until the slot is finalized or another is attached.
    public func attach(_ object: AnyObject) {
        ObjectData.attach(object, to: raw, key: Self.attachmentKey)
    }

    /// The object attached to the slot, if it is of that type.
    public func attached<T: AnyObject>(_ type: T.Type) -> T? {
        ObjectData.attached(type, to: raw, key: Self.attachmentKey)
    }
}
