// GtkWindow: a toplevel window or dialog, its title bar, size, and what closes it.
import CGtk
import CSnapshelfShim

@MainActor
public class Window: Widget {
    override class var gType: GType { gtk_window_get_type() }

    public init() {
        super.init(gtk_window_new())
    }

    // Designated, unlike a leaf widget's: ApplicationWindow and AboutDialog must not inherit `init()`.
    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    var window: UnsafeMutablePointer<GtkWindow> { typed() }

    /// Has the desktop take the window for one of application `id`'s, as its .desktop file names
    /// it, though the process registered under another ID, such as one of its own per library.
    public func showAsApplication(_ id: String) {
        onRealize { [weak self] in
            guard let self else { return }
            snapshelf_window_set_desktop_id(window, id)
        }
    }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// The size the window opens at, which GTK keeps as the unmaximized size while it is maximized;
    /// nil on a side leaves it to the content.
    public var defaultSize: (width: Int?, height: Int?) {
        get {
            var (width, height): (gint, gint) = (0, 0)
            gtk_window_get_default_size(window, &width, &height)
            return (width < 0 ? nil : Int(width), height < 0 ? nil : Int(height))
        }
        set { gtk_window_set_default_size(window, gint(newValue.width ?? -1), gint(newValue.height ?? -1)) }
    }

    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    public func maximize() { gtk_window_maximize(window) }

    /// Whether the window covers the whole screen. It turns true when the window system has made it
    /// so, which comes after `fullscreen()` for a mapped window and never without a window manager.
    public var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }

    /// Asks for the window on the whole screen, without its frame.
    public func fullscreen() { gtk_window_fullscreen(window) }

    public func unfullscreen() { gtk_window_unfullscreen(window) }

    /// Whether the person can see the window: mapped, and not minimized.
    public var isShown: Bool {
        guard isMapped, let surface = gtk_native_get_surface(OpaquePointer(window)) else { return false }
        return gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue == 0
    }

    public var isModal: Bool { get { flag(gtk_window_get_modal) } set { setFlag(gtk_window_set_modal, newValue) } }

    /// Keeps this window above its parent, closed with it, and in its application, so the
    /// application's shortcuts (Ctrl+Q among them) work here too.
    public func makeTransient(for parent: Window) {
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_application(window, gtk_window_get_application(parent.window))
    }

    public func setChild(_ child: Widget) { gtk_window_set_child(window, child.widget) }

    public func setTitlebar(_ titlebar: Widget) { gtk_window_set_titlebar(window, titlebar.widget) }

    /// The button Enter presses when the focus is on nothing that takes it.
    public func setDefaultWidget(_ widget: Widget) { gtk_window_set_default_widget(window, widget.widget) }

    /// Takes the keyboard focus away from whatever has it, so no widget's keys act.
    public func clearFocus() { gtk_window_set_focus(window, nil) }

    public func present() { gtk_window_present(window) }

    /// Closes the window at once, without asking its close-request handlers.
    public func destroy() { gtk_window_destroy(window) }

    /// Comes when the person closes the window; a handler returning true keeps it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalHandle {
        connect("close-request", .answering, handler)
    }
}
