// Upcasts between GTK's C types. Swift imports final GTK types as OpaquePointer and public struct
// types as typed pointers; these keep that difference out of the UI code.
import CGtk

extension UnsafeMutablePointer {
    /// The same object seen as another GObject C type, inferred from where it is passed.
    public func gCast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: type)
    }

    public var gOpaque: OpaquePointer { OpaquePointer(self) }
}

extension OpaquePointer {
    /// The same object seen as a public GObject struct type, inferred from where it is passed.
    public func gCast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: type)
    }
}
