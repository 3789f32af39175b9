// Why the library itself could not be opened, read or written.
import Foundation

public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What Snapshelf was doing, such as "opening the database /path/library.sqlite3", translated.
    public let operation: String
    /// What SQLite or the file system said.
    public let detail: String

    public init(operation: String, detail: String) {
        self.operation = operation
        self.detail = detail
    }

    /// The same error, said of a database that is damaged, with the repair.
    func damagedDatabase() -> LibraryError {
        LibraryError(operation: operation, detail: String(format: tr("%@; the database is damaged: restore library.sqlite3 from a backup (the photo files are not touched)"), detail))
    }

    public var description: String {
        // TRANSLATORS: the first %@ says what Snapshelf was doing, as in "opening the database /home/ada/.local/share/snapshelf/library.sqlite3"; the second, what went wrong.
        String(format: tr("error while %@: %@"), operation, detail)
    }
}
