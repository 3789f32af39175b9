// AdwToastOverlay: a window's content with the toasts shown over its foot, one at a time, the
// others queued behind it. libadwaita 1.2 leaves its toasts to GTK 4.8's screen reader support
// as they are: the toast an unnamed "unknown" object that nothing announces, its button "Undo
// Undo" (its label, then the label it is "labelled by") and its close button, an icon without a
// tooltip, "GtkImage". Each toast is mended as it comes on screen and as it is rewritten: an
// alert named by its spoken text or title, its button by its text alone, its close button by
// `closeButtonName`; and what it says is said to the screen reader (see FocusAnnouncer).
import CAdwaita
import CGtk
import CSnapshelfShim
import Foundation

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
        mendToasts()
        // A toast queued behind this one comes on screen when this one goes.
        let dismissedToast = toast.raw
        toast.onDismissed { [weak self] in
            guard let self else { return }
            dismissed.insert(dismissedToast)
            if announced == dismissedToast {
                announcer.withdraw()
                announced = nil
            }
            MainLoop.perform { self.mendToasts() }
        }
    }

    /// Gives a toast shown now `timeout` from now, nil to stay until dismissed, as when it is
    /// rewritten. libadwaita 1.2 reads a toast's timeout as it shows, and again when the pointer
    /// or the focus leaves it; the focus is made to come and go, which holds the toast and lets
    /// it go again, so the new timeout counts from now (and not at all while the pointer is on it).
    public func restartTimeout(of toast: Toast, _ timeout: Duration?) {
        toast.timeout = timeout
        guard let shown = widget(showing: toast) else { return }
        mend(shown)
        announce(toast.raw)
        let focus = Self.controllers(of: shown).first {
            String(cString: g_type_name_from_instance($0.raw.assumingMemoryBound(to: GTypeInstance.self))) == "GtkEventControllerFocus"
        }
        guard let focus else { return }
        snapshelf_signal_emit_plain(focus.raw, "enter")
        snapshelf_signal_emit_plain(focus.raw, "leave")
    }

    private let announcer = FocusAnnouncer()
    /// The toast said to the screen reader last, and those dismissed whose widgets are still
    /// sliding out: only a toast that stays is said.
    private var announced: UnsafeMutableRawPointer?
    private var dismissed: Set<UnsafeMutableRawPointer> = []

    private var toastWidgets: [Widget] { children.filter { $0.typeName == "AdwToastWidget" } }

    private func widget(showing toast: Toast) -> Widget? {
        toastWidgets.first { snapshelf_object_get_object($0.raw, "toast") == toast.raw }
    }

    private func mendToasts() {
        let shown = toastWidgets
        shown.forEach(mend)
        let toasts = shown.compactMap { snapshelf_object_get_object($0.raw, "toast") }
        dismissed.formIntersection(toasts)
        if let newest = toasts.last(where: { !dismissed.contains($0) }) {
            announce(newest)
        }
    }

    /// What the toast says: the title as shown, without the markup escaping libadwaita reads,
    /// unless told more.
    private static func line(of toast: UnsafeMutableRawPointer) -> String {
        ObjectData.attached(NSString.self, to: toast, key: Toast.spokenKey).map { String($0) }
            ?? adw_toast_get_title(OpaquePointer(toast)).map { Markup.unescaped(String(cString: $0)) } ?? ""
    }

    private func announce(_ toast: UnsafeMutableRawPointer) {
        announcer.announce(Self.line(of: toast), within: self)
        announced = toast
    }

    private func mend(_ toastWidget: Widget) {
        if let toast = snapshelf_object_get_object(toastWidget.raw, "toast") {
            if gtk_accessible_get_accessible_role(OpaquePointer(toastWidget.raw)) != GTK_ACCESSIBLE_ROLE_ALERT {
                toastWidget.setAccessibleRole(.alert)
            }
            toastWidget.setAccessibleName(Self.line(of: toast))
        }
        // The one without a label is the close button, an icon.
        toastWidget.nameButtonsByText().forEach { $0.setSoleAccessibleName(closeButtonName) }
    }

    private static func controllers(of widget: Widget) -> [GObjectRef] {
        let list = gtk_widget_observe_controllers(widget.widget)
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            g_list_model_get_item(list, index).map { GObjectRef(adopting: UnsafeMutablePointer<GObject>(OpaquePointer($0))) }
        }
    }
}
