// How a photo's label reads wherever it is shown: literally, never as markup, and tr("Unlabelled"),
// dimmed, when there is none.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum PhotoCaption {
    static func show(_ label: String, in widget: Label) {
        widget.text = label.isEmpty ? tr("Unlabelled") : label
        widget.setStyleClass("unlabelled", label.isEmpty)
    }
}
