// A GNOME-style in-app notification that slides down from the top of the window. Messages stay
// until the person dismisses them; several collect in one notification, which shows the latest
// few and counts the rest, so a long list of failures cannot push it off the window.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class InAppNotification {
    static let visibleLines = 4

    let root: GObjectRef
    private let label: GObjectRef
    private var lines: [String] = []

    init() {
        label = GObjectRef(gtk_label_new(nil))
        let frame: UnsafeMutablePointer<GtkWidget>
        (root, frame) = Self.sliding(GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN, from: GTK_ALIGN_START)
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_width_chars(label.opaque, 50)
        gtk_label_set_max_width_chars(label.opaque, 70)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_selectable(label.opaque, 1)
        gtk_box_append(frame.gCast(), label.typed())

        let close = GObjectRef(gtk_button_new_from_icon_name("window-close-symbolic"))
        gtk_widget_add_css_class(close.typed(), "flat")
        gtk_widget_set_valign(close.typed(), GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(close.typed(), tr("Dismiss"))
        close.setAccessibleLabel(tr("Dismiss"))
        close.connect("clicked") { [weak self] in self?.dismiss() }
        gtk_box_append(frame.gCast(), close.typed())
    }

    /// A revealer at the top or foot of the window holding the notification's frame, which the
    /// caller fills.
    static func sliding(_ transition: GtkRevealerTransitionType, from edge: GtkAlign)
        -> (revealer: GObjectRef, frame: UnsafeMutablePointer<GtkWidget>) {
        let revealer = GObjectRef(gtk_revealer_new())
        gtk_revealer_set_transition_type(revealer.opaque, transition)
        gtk_widget_set_halign(revealer.typed(), GTK_ALIGN_CENTER)
        gtk_widget_set_valign(revealer.typed(), edge)
        let frame = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(frame, "app-notification")
        gtk_revealer_set_child(revealer.opaque, frame)
        return (revealer, frame)
    }

    /// Adds a message to the notification and shows it.
    func show(_ message: String) {
        lines.append(message)
        gtk_label_set_text(label.opaque, text)
        gtk_revealer_set_reveal_child(root.opaque, 1)
    }

    func dismiss() {
        lines.removeAll()
        gtk_revealer_set_reveal_child(root.opaque, 0)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(root.opaque) != 0 }
    /// What the notification says: the latest messages, and how many earlier ones it leaves out.
    var text: String {
        let hidden = lines.count - Self.visibleLines
        let shown = lines.suffix(Self.visibleLines).joined(separator: "\n")
        return hidden > 0 ? String(format: trn("%d earlier message not shown.", "%d earlier messages not shown.", hidden), hidden) + "\n" + shown : shown
    }
}
