// The one owner of a GObject reference on the Swift side: it sinks a floating reference when it
// takes a fresh widget, and drops its reference when Swift lets go. Every widget and object class
// of the glue is built on it; two of them are equal when they hold the same GObject. Each class
// names the GType it wraps, and a pointer is checked against it before it is kept, so a label can
// never be wrapped as a button; the pointers themselves stay inside the glue.
import CGtk
import CSnapshelfShim

public class GObjectRef: Hashable {
    /// The GType of the objects this class wraps: a class, or an interface they implement.
    class var gType: GType { g_object_get_type() }

    let raw: UnsafeMutableRawPointer

    /// Keeps an object Swift did not get a reference with: a fresh, floating widget (whose floating
    /// reference becomes ours) or an object borrowed from GTK (which gets a reference of our own).
    init<T>(_ pointer: UnsafeMutablePointer<T>) {
        raw = UnsafeMutableRawPointer(pointer)
        requireWrappable()
        g_object_ref_sink(raw)
    }

    convenience init(_ pointer: OpaquePointer) {
        self.init(UnsafeMutablePointer<GObject>(pointer))
    }

    /// Takes over the full reference a constructor handed out (a texture, a list model, a
    /// native dialog), without adding one.
    init<T>(adopting pointer: UnsafeMutablePointer<T>) {
        raw = UnsafeMutableRawPointer(pointer)
        requireWrappable()
        if g_object_is_floating(raw) != 0 {
            g_object_ref_sink(raw)
        }
    }

    convenience init(adopting pointer: OpaquePointer) {
        self.init(adopting: UnsafeMutablePointer<GObject>(pointer))
    }

    deinit {
        g_object_unref(raw)
    }

    nonisolated public static func == (lhs: GObjectRef, rhs: GObjectRef) -> Bool { lhs.raw == rhs.raw }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(raw)
    }

    /// Why this class cannot wrap `object`, naming both types; nil when it can.
    static func mismatch(wrapping object: UnsafeMutableRawPointer) -> String? {
        mismatch(of: object, with: gType, for: "\(self)")
    }

    /// Why `object`, given to `receiver`, is not an instance of `type`, naming both types; nil when it is.
    /// The receiver's name is made only for a mismatch: describing a Swift type scans the
    /// executable's protocol conformances, and every wrapper of every tile is checked.
    static func mismatch(of object: UnsafeMutableRawPointer, with type: GType, for receiver: @autoclosure () -> String) -> String? {
        guard snapshelf_is_object(object) != 0 else { return "\(receiver()) was given a pointer that is not a GObject" }
        guard snapshelf_is_instance_of(object, type) == 0 else { return nil }
        let given = String(cString: g_type_name_from_instance(object.assumingMemoryBound(to: GTypeInstance.self)))
        return "\(receiver()) was given a \(given), which is not a \(String(cString: g_type_name(type)))"
    }

    /// Stops at once on a pointer of the wrong type, before any GTK function could misread it.
    private func requireWrappable() {
        if let mismatch = Self.mismatch(wrapping: raw) {
            preconditionFailure(mismatch)
        }
    }

    /// The object with an extra reference, for C functions that take ownership of their argument
    /// (annotated "transfer full"), so Swift's own reference stays valid.
    var transferred: OpaquePointer {
        g_object_ref(raw)
        return opaque
    }

    /// The object as a final GTK type, which Swift imports as an opaque pointer.
    var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The object as a public GObject struct type, inferred from where it is passed; the type
    /// check when it was wrapped is what makes this cast safe.
    func typed<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: type)
    }
}
