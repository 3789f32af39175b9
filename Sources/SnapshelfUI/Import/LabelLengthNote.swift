// The line under the label entry that shows the limit as the person nears it: a count from
// 450 characters on, and past the limit the reason the label cannot be saved, in the words the
// command line uses. The entry itself takes any length, so that a pasted label is never cut
// without a word; the dialog refuses to save one that does not fit instead.
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class LabelLengthNote {
    /// From how many characters on the count shows.
    static let showsFrom = SnapshelfModel.Label.maximumLength - 50

    let label = SnapshelfGlue.Label()

    init() {
        label.xAlignment = 0
        label.wraps = true
        label.addStyleClass("caption")
        label.isVisible = false
    }

    /// Shows what the person should know of `text`'s length; returns whether it can be saved.
    @discardableResult
    func update(for text: String) -> Bool {
        let fits: Bool
        do {
            let length = try SnapshelfModel.Label(text).text.count
            label.text = String(format: tr("%ld of %ld characters"), length, SnapshelfModel.Label.maximumLength)
            (label.isVisible, fits) = (length >= Self.showsFrom, true)
        } catch {
            // TRANSLATORS: under the label entry; %@ is why, such as "the label is 655 characters long; the limit is 500".
            label.text = String(format: tr("Cannot be saved: %@."), error.words)
            (label.isVisible, fits) = (true, false)
        }
        label.setStyleClass("dim-label", fits)
        label.setStyleClass("error", !fits)
        return fits
    }

    var text: String? { label.isVisible ? label.text : nil }
}
