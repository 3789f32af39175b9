// A connected GObject signal handler whose Swift closure is released when the handler is
// disconnected or its object is finalized, whichever comes first.
import CGtk
import CSnapshelfShim

@MainActor
public final class SignalConnection {
    private let handlerID: gulong
    // A weak reference, so that disconnecting after the object died is safe and does nothing.
    nonisolated(unsafe) private let instance: UnsafeMutablePointer<GWeakRef>

    private init(instance object: UnsafeMutableRawPointer, signal: String, handler: GCallback,
                 data: UnsafeMutableRawPointer) {
        instance = .allocate(capacity: 1)
        g_weak_ref_init(instance, object)
        let destroy: GClosureNotify = { data, _ in ClosureBox<Any>.release(data) }
        handlerID = snapshelf_signal_connect(object, signal, handler, data, destroy)
        precondition(handlerID != 0, "no signal \(signal) on this object")
    }

    private convenience init<Body>(_ object: UnsafeMutableRawPointer, _ signal: String, _ trampoline: GCallback,
                                   _ handler: Body) {
        self.init(instance: object, signal: signal, handler: trampoline, data: ClosureBox(handler).retainedPointer())
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

    /// For signals whose handlers take only the emitting object.
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box = ClosureBox<@MainActor () -> Void>.borrow(data)
            MainActor.assumeIsolated { box.body() }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass one object or pointer, such as a list item factory's "bind".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        typealias Body = @MainActor (UnsafeMutableRawPointer?) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
            -> Void = { _, argument, data in
                let box = ClosureBox<Body>.borrow(data)
                nonisolated(unsafe) let argument = argument
                MainActor.assumeIsolated { box.body(argument) }
            }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass one 32-bit integer, such as a dialog's "response" or a view's "activate".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Int32) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = {
            _, argument, data in
            let box = ClosureBox<Body>.borrow(data)
                MainActor.assumeIsolated { box.body(argument) }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass a pointer, a count and a string, such as GApplication's "open".
    @discardableResult
    public static func connect(
        _ object: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        typealias Body = @MainActor (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32,
                                        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, first, count, last, data in
            let box = ClosureBox<Body>.borrow(data)
            nonisolated(unsafe) let first = first
            nonisolated(unsafe) let last = last
            MainActor.assumeIsolated { box.body(first, count, last) }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass a pointer and a point and want an answer, such as a drop target's "drop".
    @discardableResult
    public static func connect(
        _ object: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool
    ) -> SignalConnection {
        typealias Body = @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Double, Double,
                                        UnsafeMutableRawPointer?) -> gboolean = { _, value, x, y, data in
            let box = ClosureBox<Body>.borrow(data)
            nonisolated(unsafe) let value = value
            return MainActor.assumeIsolated { box.body(value, x, y) ? 1 : 0 }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass two unsigned numbers, such as a selection model's "selection-changed".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UInt32, UInt32) -> Void) -> SignalConnection {
        typealias Body = @MainActor (UInt32, UInt32) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void = {
            _, first, second, data in
            let box = ClosureBox<Body>.borrow(data)
            MainActor.assumeIsolated { box.body(first, second) }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass a count and a point, such as a click gesture's "pressed".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Int32, Double, Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?)
            -> Void = { _, count, x, y, data in
                let box = ClosureBox<Body>.borrow(data)
                MainActor.assumeIsolated { box.body(count, x, y) }
            }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass two numbers and want an answer, such as a scroll controller's "scroll".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalConnection {
        typealias Body = @MainActor (Double, Double) -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = {
            _, dx, dy, data in
            let box = ClosureBox<Body>.borrow(data)
            return MainActor.assumeIsolated { box.body(dx, dy) ? 1 : 0 }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass two numbers, such as a drag gesture's "drag-update".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            _, x, y, data in
            let box = ClosureBox<Body>.borrow(data)
            MainActor.assumeIsolated { box.body(x, y) }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals that pass one number, such as a zoom gesture's "scale-changed".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Double) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = {
            _, value, data in
            let box = ClosureBox<Body>.borrow(data)
            MainActor.assumeIsolated { box.body(value) }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }

    /// For signals whose handler answers whether it handled the event, such as "close-request".
    @discardableResult
    public static func connect(_ object: UnsafeMutableRawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        typealias Body = @MainActor () -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let box = ClosureBox<Body>.borrow(data)
            return MainActor.assumeIsolated { box.body() ? 1 : 0 }
        }
        return SignalConnection(object, signal, unsafeBitCast(trampoline, to: GCallback.self), handler)
    }
}

extension GObjectRef {
    @MainActor @discardableResult
    public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    @MainActor @discardableResult
    public func connect(_ signal: String,
                        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    @MainActor @discardableResult
    public func connect(_ signal: String, _ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    @MainActor @discardableResult
    public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    @MainActor @discardableResult
    public func connect(
        _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    @MainActor @discardableResult
    public func connect(_ signal: String,
                        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool)
        -> SignalConnection {
        SignalConnection.connect(raw, signal, handler)
    }

    /// Names the widget for screen readers, where its content does not say what it is.
    @MainActor
    public func setAccessibleLabel(_ label: String) {
        snapshelf_accessible_set_label(typed(), label)
    }
}
