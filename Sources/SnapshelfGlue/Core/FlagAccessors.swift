// The on-off properties the glue shows as Swift Bools, read and written through GTK's own getter
// and setter functions, passed in by name: `flag(gtk_label_get_wrap)`, `setFlag(gtk_label_set_wrap, on)`.
import CGtk

extension GObjectRef {
    /// A flag of a final GTK type, whose functions Swift sees as taking an opaque pointer.
    func flag(_ getter: (OpaquePointer?) -> gboolean) -> Bool { getter(opaque) != 0 }

    /// A flag of a GTK type whose struct Swift sees, such as GtkWidget.
    func flag<T>(_ getter: (UnsafeMutablePointer<T>?) -> gboolean) -> Bool { getter(typed()) != 0 }

    func setFlag(_ setter: (OpaquePointer?, gboolean) -> Void, _ on: Bool) {
        notifyingAfter { setter(opaque, on.gboolean) }
    }

    func setFlag<T>(_ setter: (UnsafeMutablePointer<T>?, gboolean) -> Void, _ on: Bool) {
        notifyingAfter { setter(typed(), on.gboolean) }
    }

    /// Runs a setter as setting the property by name does: with the object's "notify" signals held
    /// until it returns. GTK 4.8 marks a widget it shows as no longer hidden from screen readers
    /// after it notifies "visible", so a handler that hides it again (the closed search bar's)
    /// must come after that.
    private func notifyingAfter(_ set: () -> Void) {
        g_object_freeze_notify(typed())
        defer { g_object_thaw_notify(typed()) }
        set()
    }
}
