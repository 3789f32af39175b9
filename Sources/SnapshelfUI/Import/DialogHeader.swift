// The header of the import's dialogs, as GNOME's dialogs have it: Cancel at the start, which runs
// `dialog.cancel`, the suggested answer at the end, and no window buttons, since Cancel closes.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum DialogHeader {
    /// The header, and its answer's button, which the dialog makes its default.
    static func make(accepting label: String, action: String) -> (header: HeaderBar, accept: Button) {
        let header = HeaderBar()
        header.showsWindowButtons = false
        let cancel = Button(mnemonic: tr("_Cancel"))
        cancel.actionName = "dialog.cancel"
        header.packStart(cancel)
        let accept = Button(mnemonic: label)
        accept.addStyleClass("suggested-action")
        accept.actionName = action
        header.packEnd(accept)
        return (header, accept)
    }
}
