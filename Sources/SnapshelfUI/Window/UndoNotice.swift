// The toast that says what was just done, undone or redone ("Removed 3 photos"), with Undo as its
// button, or Redo when only a redo is left: a toast has one button, and after an undo the next
// thing to offer is still Undo, with Ctrl+Shift+Z for the redo. It goes after a while, as GNOME's
// toasts do; the history stays, and Ctrl+Z and Ctrl+Shift+Z still reach it.
// A step taken while the toast shows rewrites that toast rather than replacing it: libadwaita 1.2
// crashes when a toast still sliding in is dismissed while another comes (a double unref when its
// animations end), and a quick Ctrl+Z after a removal would do exactly that. The rewritten toast
// keeps the time it had left.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class UndoNotice {
    /// How long the toast stays; libadwaita counts whole seconds.
    var lifetime: Duration = .seconds(10)
    var onUndo: (@MainActor () -> Void)?
    var onRedo: (@MainActor () -> Void)?

    private let toasts: ToastOverlay
    private var toast: Toast?
    /// What the latest toast said, kept after it goes.
    private(set) var text = ""
    private(set) var offersUndo = false
    private(set) var offersRedo = false

    init(toasts: ToastOverlay) {
        self.toasts = toasts
    }

    /// Shows the message, with a button for what can be done next.
    func show(_ message: String, canUndo: Bool, canRedo: Bool) {
        text = message
        (offersUndo, offersRedo) = (canUndo, !canUndo && canRedo)
        if let toast {
            toast.setTitle(message)
            toast.buttonLabel = buttonLabel
            return
        }
        let toast = Toast(title: message)
        toast.timeout = lifetime
        toast.buttonLabel = buttonLabel
        // What the button does is read when it is pressed: the toast may have been rewritten.
        // The toast goes once its button is pressed, so what the undo says needs a toast of its own.
        toast.onButtonClicked { [weak self] in
            guard let self else { return }
            self.toast = nil
            if offersUndo { onUndo?() } else if offersRedo { onRedo?() }
        }
        toast.onDismissed { [weak self, weak toast] in
            guard let self, let toast, self.toast == toast else { return }
            self.toast = nil
        }
        self.toast = toast
        toasts.addToast(toast)
    }

    func hide() {
        let shown = toast
        toast = nil
        shown?.dismiss()
    }

    var isShown: Bool { toast != nil }

    /// Without the mnemonic: the toast's button has no Alt key, and GTK 4.8 would name it
    /// "_Undo Undo" to a screen reader.
    private var buttonLabel: String? {
        offersUndo ? Mnemonic.plain(tr("_Undo")) : offersRedo ? Mnemonic.plain(tr("_Redo")) : nil
    }
}
