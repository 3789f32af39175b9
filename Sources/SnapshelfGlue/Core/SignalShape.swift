// The C signatures of the signals the glue connects to, each with the one trampoline that calls a
// Swift closure of the matching type. A signal method names its shape, so the compiler checks the
// closure against the C signature instead of picking a trampoline from the closure's annotation.
import CGtk

public struct SignalShape<Body>: @unchecked Sendable {
    // Unchecked Sendable: a C function pointer, which never changes.
    let callback: GCallback

    /// - Parameter trampoline: a `@convention(c)` function, a pointer as wide as a GCallback; a
    ///   Swift closure would carry a context as well, and be no C function at all.
    fileprivate init<Trampoline>(_ trampoline: Trampoline) {
        precondition(MemoryLayout<Trampoline>.size == MemoryLayout<GCallback>.size, "a trampoline must be a C function")
        callback = unsafeBitCast(trampoline, to: GCallback.self)
    }
}

typealias Pointer = UnsafeMutableRawPointer?

/// Hands the closure in a handler's user data to `call`, on the main actor GTK signals run on.
private func deliver<Body, Result: Sendable>(_ data: Pointer, _ call: @MainActor (Body) -> Result) -> Result {
    let box = ClosureBox<Body>.borrow(data)
    return MainActor.assumeIsolated { call(box.body) }
}


extension SignalShape {
    /// `void handler(instance, data)`: "clicked", "activate" of an entry, "realize".
    static var plain: SignalShape<@MainActor () -> Void> {
        .init({ (_: Pointer, data: Pointer) in
            deliver(data) { (body: @MainActor () -> Void) in body() }
        } as @convention(c) (Pointer, Pointer) -> Void)
    }

    /// `gboolean handler(instance, data)`: "close-request".
    static var answering: SignalShape<@MainActor () -> Bool> {
        .init({ (_: Pointer, data: Pointer) -> gboolean in
            deliver(data) { (body: @MainActor () -> Bool) in body().gboolean }
        } as @convention(c) (Pointer, Pointer) -> gboolean)
    }

    /// `void handler(instance, pointer, data)`: "notify::…", a factory's "setup" and "bind".
    static var pointer: SignalShape<@MainActor (OpaquePointer?) -> Void> {
        .init({ (_: Pointer, argument: OpaquePointer?, data: Pointer) in
            nonisolated(unsafe) let argument = argument
            deliver(data) { (body: @MainActor (OpaquePointer?) -> Void) in body(argument) }
        } as @convention(c) (Pointer, OpaquePointer?, Pointer) -> Void)
    }

    /// `void handler(instance, pointer, data)` with the instance too: an action's "activate".
    static var instanceAndPointer: SignalShape<@MainActor (OpaquePointer?, OpaquePointer?) -> Void> {
        .init({ (instance: OpaquePointer?, argument: OpaquePointer?, data: Pointer) in
            nonisolated(unsafe) let (instance, argument) = (instance, argument)
            deliver(data) { (body: @MainActor (OpaquePointer?, OpaquePointer?) -> Void) in body(instance, argument) }
        } as @convention(c) (OpaquePointer?, OpaquePointer?, Pointer) -> Void)
    }

    /// `void handler(instance, guint, data)`: a grid view's "activate".
    static var unsigned: SignalShape<@MainActor (UInt32) -> Void> {
        .init({ (_: Pointer, value: UInt32, data: Pointer) in
            deliver(data) { (body: @MainActor (UInt32) -> Void) in body(value) }
        } as @convention(c) (Pointer, UInt32, Pointer) -> Void)
    }

    /// `void handler(instance, gint, data)`: a native dialog's "response".
    static var integer: SignalShape<@MainActor (Int32) -> Void> {
        .init({ (_: Pointer, value: Int32, data: Pointer) in
            deliver(data) { (body: @MainActor (Int32) -> Void) in body(value) }
        } as @convention(c) (Pointer, Int32, Pointer) -> Void)
    }

    /// `void handler(instance, guint, guint, data)`: a selection model's "selection-changed".
    static var range: SignalShape<@MainActor (UInt32, UInt32) -> Void> {
        .init({ (_: Pointer, first: UInt32, count: UInt32, data: Pointer) in
            deliver(data) { (body: @MainActor (UInt32, UInt32) -> Void) in body(first, count) }
        } as @convention(c) (Pointer, UInt32, UInt32, Pointer) -> Void)
    }

    /// `void handler(instance, gdouble, data)`: a zoom gesture's "scale-changed".
    static var number: SignalShape<@MainActor (Double) -> Void> {
        .init({ (_: Pointer, value: Double, data: Pointer) in
            deliver(data) { (body: @MainActor (Double) -> Void) in body(value) }
        } as @convention(c) (Pointer, Double, Pointer) -> Void)
    }

    /// `void handler(instance, gdouble, gdouble, data)`: a drag gesture's "drag-begin" and "drag-update".
    static var point: SignalShape<@MainActor (Double, Double) -> Void> {
        .init({ (_: Pointer, x: Double, y: Double, data: Pointer) in
            deliver(data) { (body: @MainActor (Double, Double) -> Void) in body(x, y) }
        } as @convention(c) (Pointer, Double, Double, Pointer) -> Void)
    }

    /// `gboolean handler(instance, gdouble, gdouble, data)`: a scroll controller's "scroll".
    static var answeringPoint: SignalShape<@MainActor (Double, Double) -> Bool> {
        .init({ (_: Pointer, x: Double, y: Double, data: Pointer) -> gboolean in
            deliver(data) { (body: @MainActor (Double, Double) -> Bool) in body(x, y).gboolean }
        } as @convention(c) (Pointer, Double, Double, Pointer) -> gboolean)
    }

    /// `void handler(instance, gint, gdouble, gdouble, data)`: a click gesture's "pressed".
    static var countedPoint: SignalShape<@MainActor (Int32, Double, Double) -> Void> {
        .init({ (_: Pointer, count: Int32, x: Double, y: Double, data: Pointer) in
            deliver(data) { (body: @MainActor (Int32, Double, Double) -> Void) in body(count, x, y) }
        } as @convention(c) (Pointer, Int32, Double, Double, Pointer) -> Void)
    }

    /// `gboolean handler(instance, const GValue *, gdouble, gdouble, data)`: a drop target's "drop".
    static var valueAtPoint: SignalShape<@MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool> {
        .init({ (_: Pointer, value: UnsafePointer<GValue>?, x: Double, y: Double, data: Pointer) -> gboolean in
            nonisolated(unsafe) let value = value
            return deliver(data) { (body: @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool) in
                body(value, x, y).gboolean
            }
        } as @convention(c) (Pointer, UnsafePointer<GValue>?, Double, Double, Pointer) -> gboolean)
    }

    /// `void handler(instance, GFile **, gint, const char *, data)`: an application's "open".
    static var files: SignalShape<@MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int32) -> Void> {
        .init({ (_: Pointer, files: UnsafeMutablePointer<OpaquePointer?>?, count: Int32, _: Pointer, data: Pointer) in
            nonisolated(unsafe) let files = files
            deliver(data) { (body: @MainActor (UnsafeMutablePointer<OpaquePointer?>?, Int32) -> Void) in body(files, count) }
        } as @convention(c) (Pointer, UnsafeMutablePointer<OpaquePointer?>?, Int32, Pointer, Pointer) -> Void)
    }

    /// `gboolean handler(instance, gint, gint, gboolean, GtkTooltip *, data)`: "query-tooltip".
    static var tooltipQuery: SignalShape<@MainActor (OpaquePointer?) -> Bool> {
        .init({ (_: Pointer, _: Int32, _: Int32, _: gboolean, tooltip: OpaquePointer?, data: Pointer) -> gboolean in
            nonisolated(unsafe) let tooltip = tooltip
            return deliver(data) { (body: @MainActor (OpaquePointer?) -> Bool) in body(tooltip).gboolean }
        } as @convention(c) (Pointer, Int32, Int32, gboolean, OpaquePointer?, Pointer) -> gboolean)
    }
}
