// A connected GObject signal handler. Its Swift closure is released when the handler is
// disconnected or its object is finalized, whichever comes first.
import CGtk
import CSnapshelfShim

@MainActor
public final class SignalHandle {
    private let handlerID: gulong
    // A weak reference, so that disconnecting after the object died is safe and does nothing.
    nonisolated(unsafe) private let instance: UnsafeMutablePointer<GWeakRef>

    init<Body: Sendable>(_ object: UnsafeMutableRawPointer, _ signal: String, _ shape: SignalShape<Body>, _ body: Body) {
        instance = .allocate(capacity: 1)
        g_weak_ref_init(instance, object)
        let destroy: GClosureNotify = { data, _ in ClosureBox<any Sendable>.release(data) }
        handlerID = snapshelf_signal_connect(object, signal, shape.callback, ClosureBox(body).retainedPointer(), destroy)
        precondition(handlerID != 0, "no signal \(signal) on this object")
    }

    deinit {
        g_weak_ref_clear(instance)
        instance.deallocate()
    }

    public func disconnect() {
        guard let object = g_weak_ref_get(instance) else { return }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
        g_object_unref(object)
    }
}

@MainActor
extension GObjectRef {
    /// Connects a handler whose closure type the shape fixes, so a handler can only be given to a
    /// signal through the trampoline written for that signal's C signature.
    @discardableResult
    func connect<Body: Sendable>(_ signal: String, _ shape: SignalShape<Body>, _ body: Body) -> SignalHandle {
        SignalHandle(raw, signal, shape, body)
    }
}
