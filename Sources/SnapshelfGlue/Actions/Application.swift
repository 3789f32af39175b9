// AdwApplication: the process's registration with the desktop, its "app." actions, its
// keyboard shortcuts, and the start-up, activate and open requests. As libadwaita's, its start-up
// sets up libadwaita, whose style manager follows the desktop's light, dark and high-contrast
// styles, and loads the app's style.css, style-dark.css and style-hc.css from its resources.
import CAdwaita
import CGtk
import Foundation

@MainActor
public final class Application: GObjectRef, ActionMap {
    override class var gType: GType { adw_application_get_type() }

    /// - Parameters:
    ///   - unique: one instance per session, which a second launch activates or hands its files to.
    public init(id: String, unique: Bool) {
        let flags = GApplicationFlags((unique ? 0 : G_APPLICATION_NON_UNIQUE.rawValue) | G_APPLICATION_HANDLES_OPEN.rawValue)
        super.init(adopting: adw_application_new(id, flags)!)
    }

    /// Where GTK looks for gtk/help-overlay.ui and icons/, and libadwaita for the style sheets,
    /// in the registered resources; set before start-up, which reads it.
    public func setResourceBasePath(_ path: String) { g_application_set_resource_base_path(typed(), path) }

    /// The icon of the theme every window of the process shows, such as the application's ID.
    public var windowIconName: String? {
        get { gtk_window_get_default_icon_name().map { String(cString: $0) } }
        set { gtk_window_set_default_icon_name(newValue) }
    }

    /// Sets the keys, such as "<Control>o", that activate an action such as "win.import" in any
    /// of the application's windows.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var terminated: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        terminated.append(nil)
        gtk_application_set_accels_for_action(typed(), action, terminated)
    }

    public func accelerators(for action: String) -> [String] {
        guard let list = gtk_application_get_accels_for_action(typed(), action) else { return [] }
        defer { g_strfreev(list) }
        return Array(sequence(first: list) { $0 + 1 }.prefix { $0.pointee != nil }.map { String(cString: $0.pointee!) })
    }

    /// Registers with the session bus, as `run` does first; false when that failed.
    @discardableResult
    public func register() -> Bool { g_application_register(typed(), nil, nil) != 0 }

    public func activate() { g_application_activate(typed()) }

    /// Whether, once registered, another process is the application and this one only passes
    /// its request on.
    public var isRemote: Bool { g_application_get_is_remote(typed()) != 0 }

    /// Runs the main loop until the last window closes, offering the files for opening; returns
    /// the process's exit status.
    public func run(opening files: [URL]) -> Int32 {
        // GTK sees the program name and the files: the options were parsed already.
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0])] + files.compactMap(LocalFile.path(of:))
        defer { arguments.forEach { g_free($0) } }
        arguments.append(nil)
        return g_application_run(typed(), Int32(arguments.count - 1), &arguments)
    }

    public func quit() { g_application_quit(typed()) }

    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("startup", .plain, handler)
    }

    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("activate", .plain, handler)
    }

    /// Files given to the application, as "Open With" does: the local ones, as URLs.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor ([URL]) -> Void) -> SignalHandle {
        connect("open", .files) { files, count in
            guard let files else { return handler([]) }
            handler((0..<Int(count)).compactMap { files[$0].flatMap(LocalFile.url(of:)) })
        }
    }
}
