// Hops back to the GTK main thread. GLib's main loop never drains Dispatch's main queue, so
// `DispatchQueue.main` and `Task { @MainActor in }` would never run here: GLib's idle sources do.
import CGtk

public enum MainLoop {
    /// Runs work on the main thread once the main loop is idle; safe to call from any thread.
    public static func perform(_ work: @escaping @Sendable @MainActor () -> Void) {
        addIdle(priority: G_PRIORITY_DEFAULT, work)
    }

    /// Runs work on the main thread once GTK's own idle work (layout, drawing, and what widgets
    /// put off until then) is done.
    @MainActor
    public static func performAfterGTKIdleWork(_ work: @escaping @MainActor () -> Void) {
        addIdle(priority: G_PRIORITY_DEFAULT_IDLE, work)
    }

    private static func addIdle(priority: gint, _ work: @escaping @MainActor () -> Void) {
        typealias Body = @MainActor () -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            let box = ClosureBox<Body>.borrow(data)
            MainActor.assumeIsolated { box.body() }
            return 0
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in ClosureBox<any Sendable>.release(data) }
        g_idle_add_full(priority, trampoline, ClosureBox<Body>(work).retainedPointer(), release)
    }

    /// Runs work on the main thread after a delay; the returned source can cancel it.
    @discardableResult
    public static func perform(after delay: Duration,
                               _ work: @escaping @MainActor () -> Void) -> TimeoutSource {
        performRepeatedly(every: delay) {
            work()
            return false
        }
    }

    /// Runs work on the main thread every interval for as long as it returns true.
    @discardableResult
    public static func performRepeatedly(every interval: Duration,
                                         _ work: @escaping @MainActor () -> Bool) -> TimeoutSource {
        let milliseconds = UInt32(clamping: interval.components.seconds * 1000
            + interval.components.attoseconds / 1_000_000_000_000_000)
        typealias Body = @MainActor () -> Bool
        let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            let box = ClosureBox<Body>.borrow(data)
            return MainActor.assumeIsolated { box.body() ? 1 : 0 }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in ClosureBox<any Sendable>.release(data) }
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, trampoline,
                                    ClosureBox<Body>(work).retainedPointer(), release)
        return TimeoutSource(id: id)
    }
}
