// GFileMonitor on one folder: tells, on the main thread, the name of each file in it that was
// made, changed, moved in, moved out or deleted, as inotify reports it. Watching stops when the
// monitor is cancelled or Swift lets go of it.
import CGtk
import Foundation

@MainActor
public final class FileMonitor: GObjectRef {
    override class var gType: GType { g_file_monitor_get_type() }

    /// Watches the folder, telling moves within it as a move out and a move in, so a file renamed
    /// into place (as Syncthing and Snapshelf both write) is told under its final name.
    public init(watchingFolder folder: URL) throws(GLibError) {
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            throw GLibError(taking: error, fallback: "the folder cannot be watched")
        }
        super.init(adopting: monitor)
    }

    /// Calls `body` with the name of the file each event leaves changed: for a rename within the
    /// folder, the new name, since a file written under a temporary name and renamed into place
    /// changes the file of the final name. Nil when GIO names none.
    @discardableResult
    public func onChange(_ body: @escaping @MainActor (String?) -> Void) -> SignalHandle {
        connect("changed", .fileMonitorEvent) { file, other, event in
            // Changes come as a burst of "changed" then one "changes done hint", which says nothing new.
            guard event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT.rawValue else { return }
            let changed = event == G_FILE_MONITOR_EVENT_RENAMED.rawValue ? other : file
            body(changed.flatMap { g_file_get_basename($0) }.map { name in
                defer { g_free(name) }
                return String(cString: name)
            })
        }
    }

    public func cancel() {
        g_file_monitor_cancel(typed())
    }
}
