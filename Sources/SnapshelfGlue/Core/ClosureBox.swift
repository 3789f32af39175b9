// Carries a Swift closure through a C user_data pointer. The box is passed retained and released
// by the destroy notify GLib calls (or, for a one-shot callback, by the callback itself), so the
// closure lives exactly as long as the C side needs it.
// Sendable because what it holds is, such as a main-actor closure: a box made on a worker thread
// for `MainLoop.perform` is read on the main thread.
final class ClosureBox<Body: Sendable>: Sendable {
    let body: Body

    init(_ body: Body) {
        self.body = body
    }

    /// A +1 pointer for C; balanced by `release` in the destroy notify.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func borrow(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Takes back the +1 of a callback that GLib calls exactly once, such as a GAsyncReadyCallback,
    /// which has no destroy notify: the box is released when the returned reference goes.
    static func take(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(pointer!).takeRetainedValue()
    }

    static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}
