// What the person should know of a library that opened: a case for each note, with the paths and
// errors that tell it. SnapshelfMessages words it.
import Foundation

public enum OpeningNote: Sendable, Equatable {
    /// Syncthing shares `shared`, a folder above the library, and so would spread its database.
    case sharedAbove(URL, library: URL)
    /// The library is read-only, and its latest changes, in the journal, cannot be read from here.
    case unreadJournal(URL)
    /// Something opening does on the side failed, which does not keep the library from opening.
    case failed(LibraryError)
    /// The Trash would not take a removed photo's file, for the reason it said if any, so it went to `kept`.
    case removedFileKept(trashSaid: String?, kept: URL)
    /// Neither the Trash nor the `removed` folder took a removed photo's file; it stays at `file`.
    case removedFileStayed(trashSaid: String?, file: URL, because: LibraryError)
    /// The library's database was not made on this computer, as one Syncthing brought before the
    /// library's `.stignore` kept it out: it was moved to `aside`, and the index made again from
    /// the photos and their sidecars, `rebuiltPhotos` of them, or none when there was no photos folder.
    case foreignDatabaseSetAside(URL, rebuiltPhotos: Int?)
    /// In the place of one of the library's own folders was a link or a file, perhaps a peer's:
    /// never followed, it was moved to `aside`.
    case notAFolderMovedAside(URL, aside: URL)
}
