// AdwToastOverlay: a window's content with the toasts shown over its foot, one at a time, the
// others queued behind it. libadwaita 1.2's toast buttons are misnamed to GTK 4.8's screen
// reader support: the button is "Undo Undo" (its label, then the label it is "labelled by") and
// the close button, an icon without a tooltip, "GtkImage". Each toast's buttons are renamed as the
// toast comes on screen: the button by its text alone, the close button by `closeButtonName`.
import CAdwaita
import CGtk

@MainActor
public final class ToastOverlay: Widget {
    override class var gType: GType { adw_toast_overlay_get_type() }

    /// What a screen reader calls a toast's close button; the app gives it in its language.
    public var closeButtonName = "Dismiss"

    public convenience init() {
        self.init(adw_toast_overlay_new())
    }

    public func setChild(_ child: Widget) {
        adw_toast_overlay_set_child(opaque, child.widget)
    }

    /// Shows the toast, or queues it behind the one shown; the overlay keeps it until it goes.
    public func addToast(_ toast: Toast) {
        adw_toast_overlay_add_toast(opaque, toast.transferred)
        nameToastButtons()
        // A toast queued behind this one comes on screen when this one goes.
        toast.onDismissed { [weak self] in
            MainLoop.perform { self?.nameToastButtons() }
        }
    }

    private func nameToastButtons() {
        let toastWidgets = children.filter { $0.typeName == "AdwToastWidget" }
        for button in toastWidgets.flatMap(Self.descendants).filter({ $0.typeName == "GtkButton" }) {
            if let label = gtk_button_get_label(button.typed()) {
                button.setAccessibleName(mnemonic: String(cString: label))
            } else {
                button.setSoleAccessibleName(closeButtonName)
            }
        }
    }

    private static func descendants(of widget: Widget) -> [Widget] {
        widget.children.flatMap { [$0] + descendants(of: $0) }
    }
}
