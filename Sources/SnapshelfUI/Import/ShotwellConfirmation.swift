// The question before an import from Shotwell: which folders its photos will be read from, and
// how many files in hidden folders are left out. Shotwell's database may name any file the person
// can read, so nothing is copied into a library shared with other computers before the person has
// seen where from. Import goes on; Cancel, Escape or closing the dialog imports nothing.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ShotwellConfirmation {
    let window: MessageDialog
    let folders = Label()
    /// Called once, true to import.
    private let decided: @MainActor (Bool) -> Void
    private var answered = false

    init(_ catalogue: ShotwellLibrary, parent: Window, decided: @escaping @MainActor (Bool) -> Void) {
        self.decided = decided
        let count = catalogue.photos.count
        window = MessageDialog(parent: parent, heading: tr("Import from Shotwell"),
                               body: String(format: trn("Shotwell’s %ld photo will be copied into the library from:",
                                                        "Shotwell’s %ld photos will be copied into the library from:", count), count))
        window.setResponses([("cancel", tr("_Cancel"), .normal), ("import", tr("_Import"), .suggested)],
                            default: "import", close: "cancel")

        let content = Box(.vertical, spacing: 12)
        folders.text = catalogue.folders.map(\.displayed).joined(separator: "\n")
        // Selectable, so a path can be copied; not focusable first, which would select it all.
        folders.isSelectable = true
        folders.wraps = true
        folders.breaksLongWords = true
        folders.xAlignment = 0
        // A library spread over many folders scrolls, rather than pushing the answer off the screen.
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.growWithContent(upTo: 240)
        scroller.setChild(folders)
        content.append(scroller)
        if !catalogue.hidden.isEmpty {
            let hidden = Label(String(format: trn("%ld file in a hidden folder is left out.",
                                                  "%ld files in hidden folders are left out.", catalogue.hidden.count),
                                      catalogue.hidden.count))
            hidden.xAlignment = 0
            hidden.wraps = true
            hidden.addStyleClass("dim-label")
            content.append(hidden)
        }
        window.extraChild = content
        // The dialog closes itself after any response.
        window.onResponse { [weak self] response in self?.decide(response == "import") }
    }

    func present() {
        window.present()
    }

    /// Answers as the dialog's buttons do, and closes it.
    func answer(_ importing: Bool) {
        window.destroy()
        decide(importing)
    }

    private func decide(_ importing: Bool) {
        guard !answered else { return }
        answered = true
        decided(importing)
    }
}
