// The one owner of a GObject reference on the Swift side: it sinks a floating reference when it
// takes a fresh widget, and drops its reference when Swift lets go. Every widget and object class
// of the glue is built on it; two of them are equal when they hold the same GObject.
import CGtk
import CSnapshelfShim

public class GObjectRef: Hashable {
    public let raw: UnsafeMutableRawPointer

    /// Keeps an object Swift did not get a reference with: a fresh, floating widget (whose floating
    /// reference becomes ours) or an object borrowed from GTK (which gets a reference of our own).
    public init<T>(_ pointer: UnsafeMutablePointer<T>) {
        raw = Self.checked(UnsafeMutableRawPointer(pointer))
        g_object_ref_sink(raw)
    }

    public convenience init(_ pointer: OpaquePointer) {
        self.init(UnsafeMutablePointer<GObject>(pointer))
    }

    /// Takes over the full reference a constructor handed out (a texture, a list model, a
    /// native dialog), without adding one.
    public init<T>(adopting pointer: UnsafeMutablePointer<T>) {
        raw = Self.checked(UnsafeMutableRawPointer(pointer))
        if g_object_is_floating(raw) != 0 {
            g_object_ref_sink(raw)
        }
    }

    public convenience init(adopting pointer: OpaquePointer) {
        self.init(adopting: UnsafeMutablePointer<GObject>(pointer))
    }

    deinit {
        g_object_unref(raw)
    }

    nonisolated public static func == (lhs: GObjectRef, rhs: GObjectRef) -> Bool { lhs.raw == rhs.raw }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(raw)
    }

    private static func checked(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        precondition(snapshelf_is_object(raw) != 0, "GObjectRef was given a pointer that is not a GObject")
        return raw
    }

    /// The object with an extra reference, for C functions that take ownership of their argument
    /// (annotated "transfer full"), so Swift's own reference stays valid.
    public var transferred: OpaquePointer {
        g_object_ref(raw)
        return opaque
    }

    /// The object as a final GTK type, which Swift imports as an opaque pointer.
    public var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The object as any public GObject struct type, inferred from where it is passed.
    public func typed<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: type)
    }
}
