// Watches whether a GObject is still alive, without keeping it alive.
import CGtk

final class ObjectLifetime {
    private let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(_ object: UnsafeMutableRawPointer) {
        g_weak_ref_init(reference, object)
    }

    deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    var isAlive: Bool {
        guard let object = g_weak_ref_get(reference) else { return false }
        g_object_unref(object)
        return true
    }
}
