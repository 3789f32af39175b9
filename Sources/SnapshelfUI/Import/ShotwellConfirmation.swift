// The question before an import from Shotwell: which folders its photos will be read from, and
// how many files in hidden folders are left out. Shotwell's database may name any file the person
// can read, so nothing is copied into a library shared with other computers before the person has
// seen where from. Import goes on; Cancel, Escape or closing the dialog imports nothing.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ShotwellConfirmation {
    let window = Window()
    let folders = Label()
    private let importing: Button
    private let actions = ActionGroup()
    /// Called once, true to import.
    private let decided: @MainActor (Bool) -> Void
    private var answered = false

    init(_ catalogue: ShotwellLibrary, parent: Window, decided: @escaping @MainActor (Bool) -> Void) {
        self.decided = decided
        window.title = tr("Import from Shotwell")
        window.isModal = true
        window.makeTransient(for: parent)
        window.defaultSize = (width: 480, height: nil)

        let (header, importing) = DialogHeader.make(accepting: tr("_Import"), action: "dialog.import")
        self.importing = importing
        window.setTitlebar(header)
        window.setDefaultWidget(importing)

        let content = Box(.vertical, spacing: 12)
        content.margins = Margins(all: 18)
        let count = catalogue.photos.count
        let question = Label(String(format: trn("Shotwell’s %ld photo will be copied into the library from:",
                                                "Shotwell’s %ld photos will be copied into the library from:", count), count))
        folders.text = catalogue.folders.map(\.displayed).joined(separator: "\n")
        folders.isSelectable = true
        for label in [question, folders] {
            label.xAlignment = 0
            label.wraps = true
            label.breaksLongWords = true
            content.append(label)
        }
        if !catalogue.hidden.isEmpty {
            let hidden = Label(String(format: trn("%ld file in a hidden folder is left out.",
                                                  "%ld files in hidden folders are left out.", catalogue.hidden.count),
                                      catalogue.hidden.count))
            hidden.xAlignment = 0
            hidden.addStyleClass("dim-label")
            content.append(hidden)
        }
        window.setChild(content)

        actions.addAction("import") { [weak self] in self?.answer(true) }
        actions.addAction("cancel") { [weak self] in self?.answer(false) }
        window.insertActionGroup(actions, prefix: "dialog")
        window.addController(ShortcutController([("Escape", "dialog.cancel")]))
        window.onCloseRequest { [weak self] in
            self?.answer(false)
            return true
        }
    }

    func present() {
        // The answer takes the focus, as in GNOME's own dialogs: the folders' label, which can be
        // selected to copy a path, would otherwise take it first and show all its text selected.
        _ = importing.grabFocus()
        window.present()
    }

    private func answer(_ importing: Bool) {
        guard !answered else { return }
        answered = true
        window.destroy()
        decided(importing)
    }
}
