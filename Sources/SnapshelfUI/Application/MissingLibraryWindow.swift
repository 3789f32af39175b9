// The window shown instead of making a library the person named (with --library or
// SNAPSHELF_LIBRARY) whose folder is not there, as when it is on a disk that is unplugged: an empty
// library made in its place would look as if every photo were gone. It names the path and offers
// to create the library there after all, or to choose another folder. A folder that holds files of
// something else, such as documents named by mistake, is asked about the same way, before a
// library's files are mixed with them.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class MissingLibraryWindow {
    /// What is at the library's path instead of a library.
    enum Finding: Equatable {
        /// Nothing: no folder, as on a disk not plugged in.
        case nothing
        /// A file, where no library can be made.
        case file
        /// A folder of other files and no library.
        case otherFiles
    }

    let window: ApplicationWindow
    let page: StatusPage
    private let createButton: Button
    private let chooseButton = Button(mnemonic: tr("C_hoose Another…"))
    private(set) var chooser: FileChooserNative?
    /// The library's folder that is not there.
    private let directory: URL
    /// Called with the folder to open: the one named, once the person asks to create it, or the
    /// one chosen instead.
    var chosen: (@MainActor (URL) -> Void)?

    /// - Parameter finding: what is at `directory`; where it is a file, no library can be
    ///   created there, and only another folder is offered.
    init(application: Application, directory: URL, finding: Finding = .nothing) {
        self.directory = directory
        createButton = Button(mnemonic: finding == .otherFiles ? tr("_Create Library Here") : tr("_Create Library"))
        window = ApplicationWindow(application: application)
        // The app's name, as in the window switcher; the page's heading says what happened.
        window.title = "Snapshelf"
        // High enough for the page's icon, text and both buttons without scrolling.
        window.defaultSize = (560, 620)
        page = StatusPage(iconName: "drive-removable-media-symbolic", title: tr("Library Not Found"),
                          description: String(format: tr("There is no library folder at %@. If it is on a disk that is not connected, connect it and start Snapshelf again. Otherwise, create a new, empty library there or choose another folder."),
                                              directory.path))
        switch finding {
        case .nothing: break
        case .file:
            page.description = String(format: tr("At %@ there is a file, not a library folder, so no library can be opened or created there. Choose a library folder instead."),
                                      directory.path)
            createButton.isVisible = false
        case .otherFiles:
            page.iconName = "folder-symbolic"
            page.title = tr("Not a Snapshelf Library")
            page.description = String(format: tr("The folder %@ holds other files, and no Snapshelf library. Create a library there, beside them, or choose another folder."),
                                      directory.path)
        }
        page.expandsVertically = true
        // One under the other: side by side they kept the window from narrowing to 360 pixels.
        let buttons = Box(.vertical, spacing: 12)
        buttons.horizontalAlignment = .center
        // Choosing the folder meant is the answer that loses nothing, and the one focused.
        chooseButton.addStyleClass("suggested-action")
        for button in [chooseButton, createButton] {
            button.addStyleClass("pill")
        }
        buttons.append([chooseButton, createButton])
        page.child = buttons
        let column = Box(.vertical)
        column.append([HeaderBar(), page])
        window.setChild(column)
        createButton.onClicked { [weak self] in self?.chosen?(directory) }
        chooseButton.onClicked { [weak self] in self?.choose() }
        // Closed with the keys of any GNOME dialog, as with its header bar's button.
        window.addController(ShortcutController([("Escape", "window.close"), ("<Control>w", "window.close")]))
    }

    func present() {
        window.present()
        // Not Create: Enter pressed without reading must not make an empty library in the way of
        // the disk's.
        chooseButton.grabFocus()
    }

    /// A folder chooser, for a library elsewhere, such as one on another disk.
    private func choose() {
        let native = FileChooserNative(title: tr("Choose a Library Folder"), parent: window, action: .selectFolder,
                                       acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
        // Where the missing folder would have been, as far up as is there, such as the disk's
        // other folders, rather than GTK's recent files.
        native.currentFolder = sequence(first: directory.deletingLastPathComponent()) { folder in
            folder.path == "/" ? nil : folder.deletingLastPathComponent()
        }.first { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
        }
        native.onResponse { [weak self] accepted in
            guard let self, let native = self.chooser else { return }
            self.chooser = nil
            if accepted, let folder = native.files.first {
                self.chosen?(folder)
            }
        }
        chooser = native
        native.show()
    }

    var isChoosing: Bool { chooser != nil }

    func close() {
        window.destroy()
    }
}
