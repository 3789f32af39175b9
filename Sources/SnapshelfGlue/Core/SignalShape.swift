// The C signatures of the signals the glue connects to, each with the one trampoline that calls a
// Swift closure of the matching type. A signal method names its shape, so the compiler checks the
// closure against the C signature instead of picking a trampoline from the closure's annotation.
import CGtk

public struct SignalShape<Body: Sendable> {
    let callback: GCallback

    /// - Parameter trampoline: a `@convention(c)` function; a Swift closure is twice its size, and
    ///   the cast would trap.
    fileprivate init<Trampoline>(_ trampoline: Trampoline) {
        callback = unsafeBitCast(trampoline, to: GCallback.self)
    }
}

typealias Pointer = UnsafeMutableRawPointer?

/// Hands the closure in a handler's user data to `call`, on the main actor GTK signals run on.
private func deliver<Body: Sendable, Result: Sendable>(_ data: Pointer, _ call: @MainActor (Body) -> Result) -> Result {
    let box = ClosureBox<Body>.borrow(data)
    return MainActor.assumeIsolated { call(box.body) }
}


extension SignalShape {
    /// `void handler(instance, data)`: "clicked", "activate" of an entry, "realize".
    static var plain: SignalShape<@MainActor () -> Void> {
        let trampoline: @convention(c) (Pointer, Pointer) -> Void = { _, data in
            deliver(data) { (body: @MainActor () -> Void) in body() }
        }
        return .init(trampoline)
    }

    /// `gboolean handler(instance, data)`: "close-request".
    static var answering: SignalShape<@MainActor () -> Bool> {
        let trampoline: @convention(c) (Pointer, Pointer) -> gboolean = { _, data in
            deliver(data) { (body: @MainActor () -> Bool) in body().gboolean }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, pointer, data)`: "notify::…", a factory's "setup" and "bind".
    static var pointer: SignalShape<@MainActor (OpaquePointer?) -> Void> {
        let trampoline: @convention(c) (Pointer, OpaquePointer?, Pointer) -> Void = { _, argument, data in
            nonisolated(unsafe) let argument = argument
            deliver(data) { (body: @MainActor (OpaquePointer?) -> Void) in body(argument) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, pointer, data)` with the instance too: an action's "activate".
    static var instanceAndPointer: SignalShape<@MainActor (OpaquePointer?, OpaquePointer?) -> Void> {
        let trampoline: @convention(c) (OpaquePointer?, OpaquePointer?, Pointer) -> Void = { instance, argument, data in
            nonisolated(unsafe) let (instance, argument) = (instance, argument)
            deliver(data) { (body: @MainActor (OpaquePointer?, OpaquePointer?) -> Void) in body(instance, argument) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, guint, data)`: a grid view's "activate".
    static var unsigned: SignalShape<@MainActor (UInt32) -> Void> {
        let trampoline: @convention(c) (Pointer, UInt32, Pointer) -> Void = { _, value, data in
            deliver(data) { (body: @MainActor (UInt32) -> Void) in body(value) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, gint, data)`: a native dialog's "response".
    static var integer: SignalShape<@MainActor (Int32) -> Void> {
        let trampoline: @convention(c) (Pointer, Int32, Pointer) -> Void = { _, value, data in
            deliver(data) { (body: @MainActor (Int32) -> Void) in body(value) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, guint, guint, data)`: a selection model's "selection-changed".
    static var range: SignalShape<@MainActor (UInt32, UInt32) -> Void> {
        let trampoline: @convention(c) (Pointer, UInt32, UInt32, Pointer) -> Void = { _, first, count, data in
            deliver(data) { (body: @MainActor (UInt32, UInt32) -> Void) in body(first, count) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, gdouble, data)`: a zoom gesture's "scale-changed".
    static var number: SignalShape<@MainActor (Double) -> Void> {
        let trampoline: @convention(c) (Pointer, Double, Pointer) -> Void = { _, value, data in
            deliver(data) { (body: @MainActor (Double) -> Void) in body(value) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, gdouble, gdouble, data)`: a drag gesture's "drag-begin" and "drag-update".
    static var point: SignalShape<@MainActor (Double, Double) -> Void> {
        let trampoline: @convention(c) (Pointer, Double, Double, Pointer) -> Void = { _, x, y, data in
            deliver(data) { (body: @MainActor (Double, Double) -> Void) in body(x, y) }
        }
        return .init(trampoline)
    }

    /// `gboolean handler(instance, gdouble, gdouble, data)`: a scroll controller's "scroll".
    static var answeringPoint: SignalShape<@MainActor (Double, Double) -> Bool> {
        let trampoline: @convention(c) (Pointer, Double, Double, Pointer) -> gboolean = { _, x, y, data in
            deliver(data) { (body: @MainActor (Double, Double) -> Bool) in body(x, y).gboolean }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, gint, gdouble, gdouble, data)`: a click gesture's "pressed".
    static var countedPoint: SignalShape<@MainActor (Int32, Double, Double) -> Void> {
        let trampoline: @convention(c) (Pointer, Int32, Double, Double, Pointer) -> Void = { _, count, x, y, data in
            deliver(data) { (body: @MainActor (Int32, Double, Double) -> Void) in body(count, x, y) }
        }
        return .init(trampoline)
    }

    /// `gboolean handler(instance, const GValue *, gdouble, gdouble, data)`: a drop target's "drop".
    static var valueAtPoint: SignalShape<@MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool> {
        let trampoline: @convention(c) (Pointer, UnsafePointer<GValue>?, Double, Double, Pointer) -> gboolean = {
            _, value, x, y, data in
            nonisolated(unsafe) let value = value
            return deliver(data) { (body: @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool) in
                body(value, x, y).gboolean
            }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, GFile **, gint, const char *, data)`: an application's "open".
    static var files: SignalShape<@MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int32) -> Void> {
        let trampoline: @convention(c) (Pointer, UnsafeMutablePointer<OpaquePointer?>?, Int32, Pointer, Pointer) -> Void = {
            _, files, count, _, data in
            nonisolated(unsafe) let files = files
            deliver(data) { (body: @MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int32) -> Void) in body(files, count) }
        }
        return .init(trampoline)
    }

    /// `void handler(instance, GFile *, GFile *, GFileMonitorEvent, data)`: a file monitor's "changed".
    static var fileMonitorEvent: SignalShape<@MainActor (OpaquePointer?, OpaquePointer?, UInt32) -> Void> {
        let trampoline: @convention(c) (Pointer, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, Pointer) -> Void = {
            _, file, other, event, data in
            nonisolated(unsafe) let (file, other) = (file, other)
            deliver(data) { (body: @MainActor (OpaquePointer?, OpaquePointer?, UInt32) -> Void) in body(file, other, event.rawValue) }
        }
        return .init(trampoline)
    }

    /// `gboolean handler(instance, gint, gint, gboolean, GtkTooltip *, data)`: "query-tooltip".
    static var tooltipQuery: SignalShape<@MainActor (OpaquePointer?) -> Bool> {
        let trampoline: @convention(c) (Pointer, Int32, Int32, gboolean, OpaquePointer?, Pointer) -> gboolean = {
            _, _, _, _, tooltip, data in
            nonisolated(unsafe) let tooltip = tooltip
            return deliver(data) { (body: @MainActor (OpaquePointer?) -> Bool) in body(tooltip).gboolean }
        }
        return .init(trampoline)
    }
}
