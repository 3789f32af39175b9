// The line under the header of a library that can only be read, such as a backup on a disk
// mounted read-only: said once as it opens, naming the folder, while the commands that would
// change it are disabled, instead of a refusal after each change tried. libadwaita 1.2 has no
// AdwBanner, so it is a label of the window's own.
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ReadOnlyNote {
    let root = Label()

    init(library: Library) {
        // Only for a read-only folder: a full disk refuses changes too, but says so as they come,
        // since room may be made while the window is open.
        guard case .readOnlyLibrary? = library.writeRefusal else {
            root.isVisible = false
            return
        }
        root.text = String(format: tr("The library at %@ is read-only: its photos can be viewed, searched and exported, but not imported, labelled, rotated or removed."),
                           library.directory.path)
        root.addStyleClass("read-only-note")
        root.wraps = true
    }

    var isShown: Bool { root.isVisible }
}
