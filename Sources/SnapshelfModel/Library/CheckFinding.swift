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
}
