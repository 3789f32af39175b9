// The notice at the foot of the window that says what was just done, undone or redone ("Removed 3
// photos") with Undo and Redo, as far as the window's history has something to undo or redo. It
// goes after ten seconds; the history stays, and Ctrl+Z and Ctrl+Shift+Z still reach it.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class UndoNotice {
    static let duration: Duration = .seconds(10)

    let root: Revealer
    private let label = Label()
    private let undoButton = Button(mnemonic: tr("_Undo"))
    private let redoButton = Button(mnemonic: tr("_Redo"))
    private var timer: TimeoutSource?
    var onUndo: (@MainActor () -> Void)?
    var onRedo: (@MainActor () -> Void)?

    init() {
        let frame: Box
        (root, frame) = InAppNotification.sliding(.slideUp)
        frame.addStyleClass("undo-notice")
        undoButton.onClicked { [weak self] in self?.onUndo?() }
        redoButton.onClicked { [weak self] in self?.onRedo?() }
        let close = InAppNotification.dismissButton()
        close.onClicked { [weak self] in self?.hide() }
        frame.append([label, undoButton, redoButton, close])
    }

    /// Shows the message, with the buttons for what can be done next.
    func show(_ message: String, canUndo: Bool, canRedo: Bool) {
        label.text = message
        undoButton.isVisible = canUndo
        redoButton.isVisible = canRedo
        root.revealsChild = true
        timer?.cancel()
        timer = MainLoop.perform(after: Self.duration) { [weak self] in self?.hide() }
    }

    func hide() {
        timer?.cancel()
        timer = nil
        root.revealsChild = false
    }

    var isShown: Bool { root.revealsChild }
    var text: String { label.text }
    var offersUndo: Bool { undoButton.isVisible }
    var offersRedo: Bool { redoButton.isVisible }
}
