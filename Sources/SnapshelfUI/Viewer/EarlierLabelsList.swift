// The information panel's list of a photo's earlier labels, newest first: each with the computer
// that gave it and when, and a button that gives it back to the photo as an undoable step. Labels
// that lost when two computers changed one photo while apart are among them, so none is hidden.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class EarlierLabelsList {
    let root = Box(.vertical, spacing: 12)
    private let heading = Label(tr("Earlier Labels"))
    private let list = Box(.vertical, spacing: 12)
    /// One row per label, made as more are needed and hidden when fewer are.
    private var rows: [(box: Box, label: Label, origin: Label, restore: Button)] = []
    private(set) var labels: [EarlierLabel] = []
    private var photo: Photo?
    /// Gives the photo the label again.
    private let restore: @MainActor (String, Photo) -> Void

    init(restoring restore: @escaping @MainActor (String, Photo) -> Void) {
        self.restore = restore
        heading.addStyleClass("dim-label")
        heading.addStyleClass("caption-heading")
        heading.xAlignment = 0
        root.append([heading, list])
        root.isVisible = false
    }

    /// Shows the photo's earlier labels, each text once, as it was last given, but the one it
    /// has now, which is no earlier one to go back to; hidden when there is no photo or it has none.
    func show(_ labels: [EarlierLabel], of photo: Photo?) {
        var seen: Set<String> = photo.map { [$0.label] } ?? []
        (self.labels, self.photo) = (photo == nil ? [] : labels.filter { seen.insert($0.label).inserted }, photo)
        root.isVisible = !self.labels.isEmpty
        while rows.count < self.labels.count { rows.append(makeRow(at: rows.count)) }
        for (index, row) in rows.enumerated() {
            row.box.isVisible = index < self.labels.count
            guard index < self.labels.count else { continue }
            let earlier = self.labels[index]
            row.label.text = earlier.label
            row.origin.text = Self.origin(of: earlier)
            row.restore.setAccessibleName(String(format: tr("Restore “%@”"), earlier.label))
        }
    }

    /// Which computer gave the label, and when: "This computer, 6 December 2026 at 14:03".
    static func origin(of earlier: EarlierLabel) -> String {
        let computer = earlier.isThisComputer ? tr("This computer")
            // TRANSLATORS: %@ is the name a computer sharing the library writes into sidecars, such as 3f9a1c2b.
            : earlier.computer.map { String(format: tr("Computer %@"), $0) } ?? tr("Another computer")
        // TRANSLATORS: the computer that gave a label, then when, as in "This computer, 6 December 2026 at 14:03".
        return String(format: tr("%@, %@"), computer, PhotoDetails.date(earlier.given))
    }

    private func makeRow(at index: Int) -> (box: Box, label: Label, origin: Label, restore: Button) {
        let box = Box(.horizontal, spacing: 6)
        let texts = Box(.vertical, spacing: 2)
        texts.expandsHorizontally = true
        let label = Label()
        let origin = Label()
        origin.addStyleClass("dim-label")
        origin.addStyleClass("caption")
        for text in [label, origin] {
            text.xAlignment = 0
            text.wraps = true
            text.breaksLongWords = true
            texts.append(text)
        }
        label.isSelectable = true
        let restore = Button(label: tr("Restore"))
        restore.verticalAlignment = .center
        restore.tooltipText = tr("Give the photo this label again")
        restore.onClicked { [weak self] in
            guard let self, let photo, index < labels.count else { return }
            self.restore(labels[index].label, photo)
        }
        box.append([texts, restore])
        list.append(box)
        return (box, label, origin, restore)
    }
}
