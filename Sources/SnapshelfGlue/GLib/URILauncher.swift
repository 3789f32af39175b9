// Showing a URI, such as help:snapshelf, in the application the desktop has for it (Yelp, for
// help:), through gtk_show_uri_full, which also goes through the portal inside a sandbox. Its
// answer comes later, on the main thread: nil once the application was started, else why not.
import CGtk

@MainActor
public enum URILauncher {
    public static func show(_ uri: String, over window: Window, completion: @escaping @MainActor (GLibError?) -> Void) {
        typealias Body = @MainActor (GLibError?) -> Void
        let finished: GAsyncReadyCallback = { source, result, data in
            var error: UnsafeMutablePointer<GError>?
            let shown = gtk_show_uri_full_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GtkWindow.self),
                                                 result, &error) != 0
            let failure = shown ? nil : GLibError(taking: error, fallback: "")
            let box = ClosureBox<Body>.take(data)
            MainActor.assumeIsolated { box.body(failure) }
        }
        gtk_show_uri_full(window.typed(), uri, guint32(GDK_CURRENT_TIME), nil, finished, ClosureBox<Body>(completion).retainedPointer())
    }
}
