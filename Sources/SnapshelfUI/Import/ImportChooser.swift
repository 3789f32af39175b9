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

    var isOpen: Bool { native != nil || databaseQuestion != nil }

    /// The question that says where Shotwell's database was looked for, while it is asked.
    private(set) var databaseQuestion: MessageDialog?

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

    /// Says that Shotwell's database is at none of `locations`, each named, so the person knows
    /// where Snapshelf looked, and offers to choose one kept elsewhere, such as in a backup.
    /// `chosen` gets it, or nothing when the person cancels.
    func askForShotwellDatabase(lookedAt locations: [URL], then chosen: @escaping @MainActor (URL?) -> Void) {
        let question = MessageDialog(parent: parent, heading: tr("Shotwell’s Library Not Found"),
                                     body: tr("Snapshelf looked for Shotwell’s database where Shotwell keeps it, and found none. If Shotwell’s library is elsewhere, such as in a backup, choose its database, photo.db."))
        // The places, one a line from the start, as paths read: centred in the body, each wrapped
        // mid-path and looked like two.
        let places = Label(locations.map { DisplayName.of(FileName(url: $0)) }.joined(separator: "\n"))
        places.xAlignment = 0
        places.wraps = true
        places.breaksLongWords = true
        places.isSelectable = true
        places.addStyleClass("dim-label")
        question.extraChild = places
        question.setResponses([("cancel", tr("_Cancel"), .normal), ("choose", tr("C_hoose Database…"), .suggested)],
                              default: "choose", close: "cancel")
        question.onResponse { [weak self] response in
            guard let self else { return }
            databaseQuestion = nil
            response == "choose" ? chooseShotwellDatabase(then: chosen) : chosen(nil)
        }
        databaseQuestion = question
        question.present()
    }

    /// Asks for Shotwell's database, `photo.db`; `chosen` gets it, or nothing when the person cancels.
    private func chooseShotwellDatabase(then chosen: @escaping @MainActor (URL?) -> Void) {
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
