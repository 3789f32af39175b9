// The tooltip of a button that runs a command: the title of its line in the Keyboard Shortcuts
// window and the first of its keys, both taken from the command table, so that neither is typed twice.
import SnapshelfGlue
import SnapshelfModel

extension Command {
    var tooltip: String {
        guard case .own(_, let title) = spec.line else { preconditionFailure("\(self) has no line of its own") }
        guard let key = accelerators.first, let label = Accelerator.label(key) else { return title }
        // Translators: a button's tooltip: what the button does, then the key that does the same.
        return String(format: tr("%@ (%@)"), title, label)
    }
}
