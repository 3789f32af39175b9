// A GListModel served by Swift: GTK asks for the count and for the item at a position, and the
// closures answer from the Swift data source. Items are small objects carrying a row's key.
import CGtk
import CSnapshelfShim

@MainActor
public final class ListModel: GObjectRef {
    override class var gType: GType { snapshelf_list_model_get_type() }

    private struct Source {
        let count: @MainActor () -> Int
        let key: @MainActor (Int) -> Int64
    }

    /// - Parameters:
    ///   - count: how many items the source holds now.
    ///   - key: the stable key of the item at a position, which a bound list item reads back as `key`.
    public init(count: @escaping @MainActor () -> Int, key: @escaping @MainActor (Int) -> Int64) {
        let countTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> guint = { data in
            let box = ClosureBox<Source>.borrow(data)
            return MainActor.assumeIsolated { guint(clamping: box.body.count()) }
        }
        let keyTrampoline: @convention(c) (guint, UnsafeMutableRawPointer?) -> gint64 = { position, data in
            let box = ClosureBox<Source>.borrow(data)
            return MainActor.assumeIsolated { gint64(box.body.key(Int(position))) }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in ClosureBox<any Sendable>.release(data) }
        let box = ClosureBox(Source(count: count, key: key))
        let model = snapshelf_list_model_new(countTrampoline, keyTrampoline, box.retainedPointer(), release)
        super.init(adopting: UnsafeMutablePointer<GObject>(model!))
    }

    /// Tells the views what changed, so they update only those positions.
    public func itemsChanged(position: Int, removed: Int, added: Int) {
        snapshelf_list_model_items_changed(opaque, guint(position), guint(removed), guint(added))
    }

    /// The key an item of this model carries, or nil for any other object.
    nonisolated static func key(ofItem item: UnsafeMutableRawPointer?) -> Int64? {
        guard let item else { return nil }
        let key = snapshelf_list_key_get_value(item)
        return key < 0 ? nil : Int64(key)
    }
}
