// The line under the label dialog's entry that says where the label offered in it comes from, a
// title the photo brought or the label its sidecar kept: shown until the person changes the text,
// when it would no longer be true.
import SnapshelfGlue

@MainActor
final class LabelOrigin {
    let label = Label()
    /// The text offered, which the line is about.
    private var offered: String?

    init() {
        label.xAlignment = 0
        label.wraps = true
        label.breaksLongWords = true
        label.addStyleClass("dim-label")
        label.addStyleClass("title-source")
    }

    /// Says where `text`, offered in the entry, comes from; nothing when it is nil.
    func offer(_ text: String?, from origin: String = "") {
        offered = text
        label.text = text == nil ? "" : origin
        label.isVisible = text != nil
    }

    /// Hides the line once the entry holds other text than was offered.
    func follow(_ entryText: String) {
        label.isVisible = offered != nil && entryText == offered
    }

    var text: String? { label.isVisible ? label.text : nil }
}
