// What a note on opening a library says, with the words of the error it carries.
import SnapshelfModel

extension OpeningNote {
    public var words: String {
        switch self {
        case .sharedAbove(let shared, let library):
            String(format: tr("Syncthing shares %@, which holds this library, and so would send this computer’s database to the others, which spoils it; share the library folder %@ itself instead"),
                   shared.path, library.path)
        case .unreadJournal(let journal):
            String(format: tr("the library is read-only and its latest changes, in %@, cannot be read from here; open it once where it can be written to see them"),
                   journal.path)
        case .failed(let error): error.message
        case .removedFileKept(let said, let kept):
            Self.notTrashed(String(format: tr("%@; it was kept at %@"), TrashFailure.words(of: said), kept.path))
        case .removedFileStayed(let said, let file, let error):
            Self.notTrashed(String(format: tr("%@; it stays at %@ (%@)"), TrashFailure.words(of: said), file.path, error.reason))
        case .foreignDatabaseSetAside(let aside, let photos?):
            String(format: trn("the library’s database was not made on this computer, perhaps brought by Syncthing, so it was moved to %@ and the index was made again from the %ld photo and its sidecar",
                               "the library’s database was not made on this computer, perhaps brought by Syncthing, so it was moved to %@ and the index was made again from the %ld photos and their sidecars",
                               photos), aside.path, photos)
        case .foreignDatabaseSetAside(let aside, nil):
            String(format: tr("the library’s database was not made on this computer, perhaps brought by Syncthing, so it was moved to %@"),
                   aside.path)
        case .notAFolderMovedAside(let folder, let aside):
            String(format: tr("in the place of the library’s folder %@ was a link or a file, perhaps brought by Syncthing; it was never followed, and was moved to %@"),
                   folder.path, aside.path)
        }
    }

    private static func notTrashed(_ what: String) -> String {
        String(format: tr("a removed photo’s file could not go to the Trash: %@"), what)
    }
}
