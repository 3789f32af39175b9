// A pending timeout on the GLib main loop, which can be cancelled before it fires.
import CGtk

public final class TimeoutSource {
    private var id: guint

    init(id: guint) {
        self.id = id
    }

    /// Stops the timeout if it has not fired yet; its closure is released either way.
    public func cancel() {
        guard id != 0 else { return }
        if let source = g_main_context_find_source_by_id(nil, id) {
            g_source_destroy(source)
        }
        id = 0
    }
}
