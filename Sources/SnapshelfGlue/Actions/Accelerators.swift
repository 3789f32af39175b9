// Keyboard shortcuts for actions, given as a Swift array where GTK wants a NULL-terminated C array.
import CGtk

@MainActor
public enum Accelerators {
    /// Sets the shortcuts, such as "<Control>o", for an action such as "win.import".
    public static func set(_ accelerators: [String], for action: String, in application: UnsafeMutableRawPointer) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var terminated: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        terminated.append(nil)
        gtk_application_set_accels_for_action(application.assumingMemoryBound(to: GtkApplication.self), action, terminated)
    }
}
