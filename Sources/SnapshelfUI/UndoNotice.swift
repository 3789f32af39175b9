// The notice at the foot of the window after photos are removed: "Removed 3 photos" with Undo,
// for ten seconds. Only when it goes (time is up, it is closed, another removal takes its place,
// or the window closes) is the removal completed and the files sent to the Trash.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class UndoNotice {
    static let duration: Duration = .seconds(10)

    let root: GObjectRef
    private let label: GObjectRef
    private var timer: TimeoutSource?
    private var onUndo: (@MainActor () -> Void)?
    private var onFinish: (@MainActor () -> Void)?

    init() {
        label = GObjectRef(gtk_label_new(nil))
        let frame: UnsafeMutablePointer<GtkWidget>
        (root, frame) = InAppNotification.sliding(GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP, from: GTK_ALIGN_END)
        gtk_widget_add_css_class(frame, "undo-notice")
        gtk_box_append(frame.gCast(), label.typed())
        let undo = gtk_button_new_with_mnemonic(tr("_Undo"))!
        SignalConnection.connect(undo, "clicked") { [weak self] in self?.undo() }
        gtk_box_append(frame.gCast(), undo)
        let close = GObjectRef(gtk_button_new_from_icon_name("window-close-symbolic"))
        gtk_widget_add_css_class(close.typed(), "flat")
        gtk_widget_set_tooltip_text(close.typed(), tr("Dismiss"))
        close.setAccessibleLabel(tr("Dismiss"))
        close.connect("clicked") { [weak self] in self?.finish() }
        gtk_box_append(frame.gCast(), close.typed())
    }

    /// Shows the message; `undo` runs if the person asks in time, `finish` otherwise. A notice
    /// still showing is finished first.
    func show(_ message: String, undo: @escaping @MainActor () -> Void, finish: @escaping @MainActor () -> Void) {
        self.finish()
        onUndo = undo
        onFinish = finish
        gtk_label_set_text(label.opaque, message)
        gtk_revealer_set_reveal_child(root.opaque, 1)
        timer = MainLoop.perform(after: Self.duration) { [weak self] in self?.finish() }
    }

    func undo() {
        let undo = onUndo
        hide()
        undo?()
    }

    func finish() {
        let finish = onFinish
        hide()
        finish?()
    }

    private func hide() {
        timer?.cancel()
        timer = nil
        onUndo = nil
        onFinish = nil
        gtk_revealer_set_reveal_child(root.opaque, 0)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(root.opaque) != 0 }
    var text: String { String(cString: gtk_label_get_text(label.opaque)) }
}
