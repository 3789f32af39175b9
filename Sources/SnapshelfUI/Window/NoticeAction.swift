// The one button a notice may offer beside its messages, such as an export's *Open Folder*: it
// dismisses the notice and does what it was given. Hidden while no message offers anything.
import SnapshelfGlue

@MainActor
final class NoticeAction {
    let button = Button(mnemonic: "")
    private var perform: (@MainActor () -> Void)?
    /// The button's text without its mnemonic mark, nil while nothing is offered.
    private(set) var label: String?

    /// `done` dismisses the notice, before the action runs.
    init(done: @escaping @MainActor () -> Void) {
        button.verticalAlignment = .start
        button.isVisible = false
        button.onClicked { [weak self] in
            // Dismissed first, so that what the action says (its failure) shows in a notice of its own.
            let perform = self?.perform
            done()
            perform?()
        }
    }

    /// Offers the action under `label`, in place of any offered before.
    func offer(_ label: String, _ perform: @escaping @MainActor () -> Void) {
        self.perform = perform
        self.label = Mnemonic.plain(label)
        button.setLabel(mnemonic: label)
        button.isVisible = true
    }

    func withdraw() {
        perform = nil
        label = nil
        button.isVisible = false
    }
}
