// What `snapshelf check` found: a case for each finding that carries an error or is the library's
// state, with its values. SnapshelfMessages words it, with its repair.
import Foundation

public enum CheckFinding: Sendable, Equatable {
    /// A finding the model words itself, since it carries no error.
    case said(String)
    /// The library is read-only, and its latest changes, in the journal, cannot be read from here.
    case unreadJournal(URL)
    /// The folder of the library's photos cannot be used, so none of its `photos` files can be found.
    case filesUnreachable(LibraryError, photos: Int)
    /// A line of SQLite's integrity check; the last one names the rebuild as the repair.
    case integrity(String, namesRebuild: Bool)
    /// Damage the integrity check could not read past.
    case damage(LibraryError)
    /// The label search index does not match the labels.
    case labelIndexMismatch(LibraryError)
    /// The database names the photo's file with a name Snapshelf never gives, such as a path.
    case strangeFileName(photoID: Int64, name: String)
    /// A folder is where the photo's file belongs; `original` is the name it was imported from.
    case folderInPlace(photoID: Int64, file: URL, original: String)
    case missingFile(photoID: Int64, file: URL, original: String)
    case unreadableFile(photoID: Int64, file: URL, original: String, why: ReadFault)
    /// The file's content is not the content recorded on import.
    case changedFile(photoID: Int64, file: URL, original: String)

    /// Why a photo's file could not be read.
    public enum ReadFault: Sendable, Equatable {
        /// It became shorter while it was read.
        case shrank
        case failed(errno: Int32)
        case notRegular(OpenFailure)
    }
}
