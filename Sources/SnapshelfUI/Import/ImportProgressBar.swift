// The bar along the bottom of the window while a large import runs: how far it is, the file it
// is on, and a Cancel button that stops after that file. An export shows its own, worded for it.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ImportProgressBar {
    let root = Revealer(.slideUp)
    private let bar = ProgressBar()
    private let status = Label()
    /// Called when the person presses Cancel.
    var onCancel: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - cancelLabel: the Cancel button's text, with its mnemonic; an import's by default.
    ///   - cancels: whether there is a Cancel button; work that must finish has none.
    init(cancelLabel: String? = nil, cancels: Bool = true) {
        let row = Box(.horizontal, spacing: 12)
        row.addStyleClass("import-progress")
        let texts = Box(.vertical, spacing: 6)
        texts.expandsHorizontally = true
        texts.verticalAlignment = .center
        status.xAlignment = 0
        status.ellipsis = .middle
        bar.setAccessibleName(tr("Progress"))
        texts.append([status, bar])
        row.append(texts)

        let cancel = Button(mnemonic: cancelLabel ?? tr("_Cancel Import"))
        cancel.verticalAlignment = .center
        cancel.onClicked { [weak self] in self?.onCancel?() }
        if cancels { row.append(cancel) }
        root.setChild(row)
    }

    /// Names the file the import is on by its number among all the import's files, with how
    /// many of them are done.
    func show(file number: Int, named name: String, of total: Int, completed: Int) {
        show(status: String(format: tr("Importing %d of %d: %@"), number, total, name),
             fraction: total == 0 ? 0 : Double(completed) / Double(total))
    }

    func show(status text: String, fraction: Double) {
        status.text = text
        bar.fraction = fraction
        root.revealsChild = true
    }

    func hide() {
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    var statusText: String { status.text }
}
