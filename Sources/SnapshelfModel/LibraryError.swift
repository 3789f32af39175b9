// Why the library itself could not be opened, read or written.
import Foundation

public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What Snapshelf was doing, such as "opening the database /path/library.sqlite3", translated.
    public let operation: String
    /// What SQLite or the file system said.
    public let detail: String
    /// Whether `snapshelf rebuild` mends it: the database is missing or damaged, and the photos
    /// and their sidecars can make it again.
    public let isMendedByRebuild: Bool

    public init(operation: String, detail: String, isMendedByRebuild: Bool = false) {
        self.operation = operation
        self.detail = detail
        self.isMendedByRebuild = isMendedByRebuild
    }

    /// The same error, with the rebuild named as its repair.
    func mendedByRebuild() -> LibraryError {
        LibraryError(operation: operation, detail: String(format: tr("%@; `snapshelf rebuild` makes the database again from the photos and their sidecars"), detail),
                     isMendedByRebuild: true)
    }

    /// The same error, said of a database that is damaged, with the repair: a rebuild.
    func damagedDatabase() -> LibraryError {
        LibraryError(operation: operation, detail: String(format: tr("%@; the database is damaged"), detail)).mendedByRebuild()
    }

    public var description: String {
        // TRANSLATORS: the first %@ says what Snapshelf was doing, as in "opening the database /home/ada/.local/share/snapshelf/library.sqlite3"; the second, what went wrong.
        String(format: tr("error while %@: %@"), operation, detail)
    }
}
