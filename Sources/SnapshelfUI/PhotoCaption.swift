// How a photo's label reads wherever it is shown: literally, never as markup, and tr("Unlabelled"),
// dimmed, when there is none.
import CGtk
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum PhotoCaption {
    static func show(_ label: String, in widget: GObjectRef) {
        if label.isEmpty {
            gtk_label_set_text(widget.opaque, tr("Unlabelled"))
            gtk_widget_add_css_class(widget.typed(), "unlabelled")
        } else {
            gtk_label_set_text(widget.opaque, label)
            gtk_widget_remove_css_class(widget.typed(), "unlabelled")
        }
    }
}
