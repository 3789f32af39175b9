// GtkApplicationWindow: a window of the application, holding the "win." actions.
import CGtk

@MainActor
public final class ApplicationWindow: Window, ActionMap {
    override class var gType: GType { gtk_application_window_get_type() }

    public init(application: Application) {
        super.init(gtk_application_window_new(application.typed()))
    }

    required init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget)
    }

    /// The Keyboard Shortcuts window that Ctrl+? ("win.show-help-overlay") shows, from builder XML
    /// whose root object has the ID "help_overlay".
    public func setHelpOverlay(fromBuilderXML xml: String) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else {
            preconditionFailure("the shortcuts window's XML has no object with the ID help_overlay")
        }
        gtk_application_window_set_help_overlay(typed(), OpaquePointer(overlay))
    }
}
