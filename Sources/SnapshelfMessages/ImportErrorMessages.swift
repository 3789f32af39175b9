// What an ImportError says: why the file did not become a photo, with the library's own words
// where the library refused it.
import SnapshelfModel

extension ImportError {
    /// Why, in the person's language.
    public var explanation: String {
        switch reason {
        case .file(let reason): reason.explanation
        case .changedDuringImport: tr("the file changed while it was being imported; try again")
        case .copyFailed(let detail): String(format: tr("it could not be copied into the library (%@)"), detail)
        case .folderLocked(let folder, let patience):
            // TRANSLATORS: %1$@ is a folder; %2$@ says how long, as in "for more than 30 seconds".
            String(format: tr("it could not be copied into the library (%@)"),
                   String(format: tr("another program has kept the folder %1$@ locked %2$@; close it and try again"),
                          DisplayName.of(FileName(url: folder)), LibraryError.longer(than: patience)))
        case .libraryFull(let error): String(format: tr("it could not be copied into the library (%@)"), error.reason)
        case .libraryUnusable(let error): String(format: tr("it could not be copied into the library (%@)"), error.message)
        case .noSpace: tr("there is not enough space on the disk for the library's copy")
        case .notRecorded(let error): String(format: tr("the library could not record it (%@)"), error.reason)
        case .libraryReadOnly: tr("the library is read-only, so nothing can be added to it")
        case .inHiddenFolder(let place):
            String(format: tr("it is in a hidden folder, as %@, so it was left out"), DisplayName.of(place))
        }
    }

    /// Why a full disk took no more photos, for a message that counts them all: the library's
    /// words, which name the disk, where it gave them.
    public var fullDiskCause: String {
        switch reason {
        case .libraryFull(let error), .notRecorded(let error): error.cause
        default: tr("there is not enough space on the disk for the library's copy")
        }
    }

    /// The file's path, then why.
    public var message: String { "\(displayPath): \(explanation)" }
}
