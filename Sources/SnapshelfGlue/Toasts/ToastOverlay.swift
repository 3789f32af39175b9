// AdwToastOverlay: a window's content with the toasts shown over its foot, one at a time, the
// others queued behind it.
import CAdwaita
import CGtk

@MainActor
public final class ToastOverlay: Widget {
    override class var gType: GType { adw_toast_overlay_get_type() }

    public convenience init() {
        self.init(adw_toast_overlay_new())
    }

    public func setChild(_ child: Widget) {
        adw_toast_overlay_set_child(opaque, child.widget)
    }

    /// Shows the toast, or queues it behind the one shown; the overlay keeps it until it goes.
    public func addToast(_ toast: Toast) {
        adw_toast_overlay_add_toast(opaque, toast.transferred)
    }
}
