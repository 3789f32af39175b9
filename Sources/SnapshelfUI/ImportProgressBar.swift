// The bar along the bottom of the window while a large import runs: how far it is, the file it
// is on, and a Cancel button that stops after that file. An export shows its own, worded for it.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ImportProgressBar {
    let root: GObjectRef
    private let bar: GObjectRef
    private let status: GObjectRef
    /// Called when the person presses Cancel.
    var onCancel: (@MainActor () -> Void)?

    /// - Parameter cancelLabel: the Cancel button's text, with its mnemonic; an import's by default.
    init(cancelLabel: String? = nil) {
        root = GObjectRef(gtk_revealer_new())
        bar = GObjectRef(gtk_progress_bar_new())
        status = GObjectRef(gtk_label_new(nil))
        gtk_revealer_set_transition_type(root.opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)

        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(row, "import-progress")
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_hexpand(texts, 1)
        gtk_widget_set_valign(texts, GTK_ALIGN_CENTER)
        gtk_label_set_xalign(status.opaque, 0)
        gtk_label_set_ellipsize(status.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_box_append(texts.gCast(), status.typed())
        gtk_box_append(texts.gCast(), bar.typed())
        gtk_box_append(row.gCast(), texts)

        let cancel = gtk_button_new_with_mnemonic(cancelLabel ?? tr("_Cancel Import"))!
        gtk_widget_set_valign(cancel, GTK_ALIGN_CENTER)
        SignalConnection.connect(cancel, "clicked") { [weak self] in self?.onCancel?() }
        gtk_box_append(row.gCast(), cancel)
        gtk_revealer_set_child(root.opaque, row)
    }

    func show(completed: Int, of total: Int, current: String) {
        show(status: String(format: tr("Importing %d of %d: %@"), completed, total, current),
             fraction: total == 0 ? 0 : Double(completed) / Double(total))
    }

    func show(status text: String, fraction: Double) {
        gtk_label_set_text(status.opaque, text)
        gtk_progress_bar_set_fraction(bar.opaque, fraction)
        gtk_revealer_set_reveal_child(root.opaque, 1)
    }

    func hide() {
        gtk_revealer_set_reveal_child(root.opaque, 0)
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(root.opaque) != 0 }
    var statusText: String { String(cString: gtk_label_get_text(status.opaque)) }
}
