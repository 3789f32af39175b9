// The notice at the foot of the window after photos are removed: "Removed 3 photos" with Undo,
// for ten seconds. Only when it goes (time is up, it is closed, another removal takes its place,
// or the window closes) is the removal completed and the files sent to the Trash.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class UndoNotice {
    static let duration: Duration = .seconds(10)

    let root: Revealer
    private let label = Label()
    private var timer: TimeoutSource?
    private var onUndo: (@MainActor () -> Void)?
    private var onFinish: (@MainActor () -> Void)?

    init() {
        let frame: Box
        (root, frame) = InAppNotification.sliding(.slideUp)
        frame.addStyleClass("undo-notice")
        let undo = Button(mnemonic: tr("_Undo"))
        undo.onClicked { [weak self] in self?.undo() }
        let close = InAppNotification.dismissButton()
        close.onClicked { [weak self] in self?.finish() }
        frame.append([label, undo, close])
    }

    /// Shows the message; `undo` runs if the person asks in time, `finish` otherwise. A notice
    /// still showing is finished first.
    func show(_ message: String, undo: @escaping @MainActor () -> Void, finish: @escaping @MainActor () -> Void) {
        self.finish()
        onUndo = undo
        onFinish = finish
        label.text = message
        root.revealsChild = true
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
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    var text: String { label.text }
}
