// Attaches a Swift object to a GObject, which keeps it until the GObject is finalized or the
// attachment is replaced: how a recycled list item slot remembers its Swift tile.
import CGtk

enum ObjectData {
    static func attach(_ value: AnyObject, to object: UnsafeMutableRawPointer, key: String) {
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), key,
                               Unmanaged.passRetained(value).toOpaque(), release)
    }

    static func attached<T: AnyObject>(_ type: T.Type, to object: UnsafeMutableRawPointer, key: String) -> T? {
        guard let data = g_object_get_data(object.assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }
}
