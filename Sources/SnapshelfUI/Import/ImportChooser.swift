// The desktop's file or folder chooser that starts an import from the menu or Ctrl+O: several
// may be chosen at once, and the file chooser offers photos first. It also finds a Shotwell
// database kept elsewhere than where Shotwell keeps its own.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ImportChooser {
    private let parent: Window
    /// GTK does not keep a native chooser alive while it is open, so this does until it answers.
    private var native: FileChooserNative?

    init(parent: Window) {
        self.parent = parent
    }

    var isOpen: Bool { native != nil }

    /// Asks for photos; `chosen` gets them, or nothing when the person cancels.
    func chooseFiles(then chosen: @escaping @MainActor ([URL]) -> Void) {
        let native = open(title: tr("Import Photos"), action: .open, then: chosen)
        native.addFilter(Self.photos())
        // Any file can be tried; one that is no photo is then refused with its reason.
        native.addFilter(Self.allFiles())
        native.show()
    }

    private static func allFiles() -> FileFilter {
        let everything = FileFilter(name: tr("All Files"))
        everything.addPattern("*")
        return everything
    }

    /// The photo types the loaders read, as the desktop file offers them too: all but the
    /// drawings and icons that GTK's own list of GdkPixbuf's types would have shown as well.
    static func photos() -> FileFilter {
        let photos = FileFilter(name: tr("Photos"))
        PixbufFormats.offeredMIMETypes.forEach(photos.addMIMEType)
        return photos
    }

    /// Asks for folders, whose photos are searched for inside them.
    func chooseFolders(then chosen: @escaping @MainActor ([URL]) -> Void) {
        open(title: tr("Import Folder"), action: .selectFolder, then: chosen).show()
    }

    /// Asks for Shotwell's database, `photo.db`, when it is not where Shotwell keeps it; `chosen`
    /// gets it, or nothing when the person cancels.
    func chooseShotwellDatabase(then chosen: @escaping @MainActor (URL?) -> Void) {
        let native = open(title: tr("Choose Shotwell’s Database"), action: .open, selectsMultiple: false) { chosen($0.first) }
        let databases = FileFilter(name: tr("Shotwell Databases"))
        databases.addPattern("*.db")
        native.addFilter(databases)
        // One kept under another name, as a backup may be, is refused with its reason if it is none.
        native.addFilter(Self.allFiles())
        native.show()
    }

    private func open(title: String, action: FileChooserNative.Action, selectsMultiple: Bool = true,
                      then chosen: @escaping @MainActor ([URL]) -> Void) -> FileChooserNative {
        let native = FileChooserNative(title: title, parent: parent, action: action,
                                       acceptLabel: tr("_Import"), cancelLabel: tr("_Cancel"), selectsMultiple: selectsMultiple)
        native.onResponse { [weak self] accepted in
            guard let self, let native = self.native else { return }
            let urls = accepted ? native.files : []
            self.native = nil
            chosen(urls)
        }
        self.native = native
        return native
    }
}
