// AdwApplicationWindow: a window of the application, holding the "win." actions. Its whole inside,
// header bar included, is its content: libadwaita draws no title bar of its own around it.
import CAdwaita
import CGtk

@MainActor
public final class ApplicationWindow: Window, ActionMap {
    override class var gType: GType { adw_application_window_get_type() }

    public init(application: Application) {
        super.init(adw_application_window_new(application.typed()))
    }

    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// Makes `child`, which holds the header bar at its top, the window's whole inside.
    public override func setChild(_ child: Widget) { adw_application_window_set_content(typed(), child.widget) }

    /// libadwaita's windows crash on a title bar set apart from their content.
    public override func setTitlebar(_ titlebar: Widget) {
        preconditionFailure("an AdwApplicationWindow takes its header bar inside its content: use setChild")
    }

    /// The Keyboard Shortcuts window, kept once made: hidden, not destroyed, when closed, until
    /// this window closes.
    private var helpOverlay: Window?

    /// Shows the Keyboard Shortcuts window over this one, made from builder XML whose root object
    /// has the ID "help_overlay" the first time it is asked for: made at start, it held back the
    /// first frame, and made after it, it kept a megabyte and a half that most sessions never use.
    public func presentHelpOverlay(fromBuilderXML xml: () -> String) {
        if let helpOverlay {
            helpOverlay.present()
            return
        }
        let builder = gtk_builder_new_from_string(xml(), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "help_overlay") else {
            preconditionFailure("the shortcuts window's XML has no object with the ID help_overlay")
        }
        let overlay = Window(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))
        wrapShortcutTitles(in: overlay)
        // As GTK's own help overlay: over this window, modal, and kept for the next time, but in
        // no application, which would then wait for it, hidden, after this window closed. So,
        // as with GTK's, the application's shortcuts (Ctrl+Q) do not reach it: Escape closes it.
        gtk_window_set_transient_for(overlay.window, window)
        overlay.isModal = true
        gtk_window_set_hide_on_close(overlay.window, 1)
        // It goes with this window, as GTK's did: Swift may keep this one after it closed.
        onUnrealize { [weak self] in
            self?.helpOverlay?.destroy()
            self?.helpOverlay = nil
        }
        helpOverlay = overlay
        overlay.present()
    }

    /// Lets each line’s title wrap after about 28 characters. GtkShortcutsShortcut never wraps
    /// it, and lays two columns of lines side by side on a page: at 150 % text the longest titles
    /// beside keys such as "Ctrl + ← / Ctrl + → / Ctrl + ↑ / Ctrl + ↓" made the window 1600
    /// pixels wide, its close button off a 1280-pixel screen. The keys never wrap.
    private func wrapShortcutTitles(in widget: Widget) {
        guard widget.typeName != "GtkShortcutLabel" else { return }
        if let label = widget.as(Label.self) {
            label.wraps = true
            label.maxWidthChars = 28
        }
        widget.children.forEach(wrapShortcutTitles(in:))
    }
}
