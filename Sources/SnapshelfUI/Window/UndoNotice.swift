// The notice at the foot of the window that says what was just done, undone or redone ("Removed 3
// photos") with Undo and Redo, as far as the window's history has something to undo or redo. It
// goes after a while, like the other notices; the history stays, and Ctrl+Z and Ctrl+Shift+Z
// still reach it.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class UndoNotice {
    /// How long the notice stays; tests make it short.
    var lifetime: Duration = .seconds(10)

    let root: Revealer
    private let label = Label()
    private let undoButton = Button(mnemonic: tr("_Undo"))
    private let redoButton = Button(mnemonic: tr("_Redo"))
    private let timer: NoticeTimer
    var onUndo: (@MainActor () -> Void)?
    var onRedo: (@MainActor () -> Void)?

    init() {
        let frame: Box
        (root, frame) = InAppNotification.sliding(.slideUp)
        timer = NoticeTimer(watching: frame)
        frame.addStyleClass("undo-notice")
        undoButton.onClicked { [weak self] in self?.onUndo?() }
        redoButton.onClicked { [weak self] in self?.onRedo?() }
        let close = InAppNotification.dismissButton()
        close.onClicked { [weak self] in self?.hide() }
        frame.append([label, undoButton, redoButton, close])
        timer.expired = { [weak self] in self?.hide() }
    }

    /// Shows the message, with the buttons for what can be done next.
    func show(_ message: String, canUndo: Bool, canRedo: Bool) {
        label.text = message
        undoButton.isVisible = canUndo
        redoButton.isVisible = canRedo
        root.revealsChild = true
        timer.start(lifetime)
    }

    func hide() {
        timer.stop()
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    var text: String { label.text }
    var offersUndo: Bool { undoButton.isVisible }
    var offersRedo: Bool { redoButton.isVisible }
}
