// Showing a URI, such as help:snapshelf, in the application the desktop has for it (Yelp, for
// help:), through gtk_show_uri_full, which also goes through the portal inside a sandbox. Its
// answer comes later, on the main thread: nil once the application was started, else why not.
import CGtk

@MainActor
public enum URILauncher {
    public struct Failure: Error, Sendable {
        /// GLib's reason.
        public let message: String
        /// No application handles the URI's scheme, as help: without a help viewer installed.
        public let noApplication: Bool
    }

    public static func show(_ uri: String, over window: Window, completion: @escaping @MainActor (Failure?) -> Void) {
        typealias Body = @MainActor (Failure?) -> Void
        let finished: GAsyncReadyCallback = { source, result, data in
            var error: UnsafeMutablePointer<GError>?
            let shown = gtk_show_uri_full_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GtkWindow.self),
                                                 result, &error) != 0
            // G_IO_ERROR_NOT_SUPPORTED is what GIO says when it found no handler for the scheme.
            let failure = shown ? nil : Failure(
                message: error.map { String(cString: $0.pointee.message) } ?? "",
                noApplication: error.map { $0.pointee.domain == g_io_error_quark()
                    && $0.pointee.code == Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue) } ?? false)
            if let error { g_error_free(error) }
            let box = ClosureBox<Body>.take(data)
            MainActor.assumeIsolated { box.body(failure) }
        }
        gtk_show_uri_full(window.typed(), uri, guint32(GDK_CURRENT_TIME), nil, finished, ClosureBox<Body>(completion).retainedPointer())
    }
}
