// A dialog's title over its subtitle in the header bar: each on one line while the header has
// the room, and in a window too narrow for that, wrapped onto more lines rather than cut short,
// as a longer translation would be. GTK wraps a wrapping label even where one line fits, so the
// one-line pair is shown whenever it fits, the wrapping pair only when it does not.
import SnapshelfGlue

@MainActor
final class DialogTitle {
    let root: Squeezer
    private let oneLine = (title: Label(), subtitle: Label())
    private let wrapped = (title: Label(), subtitle: Label())

    init(_ title: String) {
        var boxes: [Widget] = []
        for (pair, wraps) in [(oneLine, false), (wrapped, true)] {
            let box = Box(.vertical)
            box.verticalAlignment = .center
            pair.title.addStyleClass("title")
            pair.subtitle.addStyleClass("subtitle")
            for label in [pair.title, pair.subtitle] {
                label.wraps = wraps
                label.justification = .center
                box.append(label)
            }
            boxes.append(box)
        }
        root = Squeezer(boxes)
        self.title = title
        subtitle = ""
    }

    var title: String {
        get { oneLine.title.text }
        set { [oneLine.title, wrapped.title].forEach { $0.text = newValue } }
    }

    /// Hidden while empty.
    var subtitle: String {
        get { oneLine.subtitle.text }
        set {
            for label in [oneLine.subtitle, wrapped.subtitle] {
                label.text = newValue
                label.isVisible = !newValue.isEmpty
            }
        }
    }
}
