// Why the library itself could not be opened, read or written.
import Foundation

public struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the trouble is, where it is known: each has its own message and its own repair.
    public enum Kind: Sendable, Equatable {
        case other
        /// The disk holding the library has no room left: freeing some mends it.
        case fullDisk
        /// The disk or the folder cannot be written: opening the library where it can mends it.
        case readOnly
        /// Another program holds the database locked.
        case busy
        /// The database is damaged: a rebuild mends it.
        case damaged
    }

    /// What Snapshelf was doing, such as "opening the database /path/library.sqlite3", translated.
    public let operation: String
    /// What SQLite or the file system said.
    public let detail: String
    public let kind: Kind
    /// Whether `snapshelf rebuild` mends it: the database is missing or damaged, and the photos
    /// and their sidecars can make it again.
    public let isMendedByRebuild: Bool
    /// The detail without the command `mendedByRebuild` names: what went wrong alone, for the
    /// window, which offers the rebuild as a button.
    public let cause: String

    public init(operation: String, detail: String, kind: Kind = .other, isMendedByRebuild: Bool = false, cause: String? = nil) {
        self.operation = operation
        self.detail = detail
        self.kind = kind
        self.isMendedByRebuild = isMendedByRebuild
        self.cause = cause ?? detail
    }

    /// The same error, with the rebuild named as its repair; unchanged when the trouble is the
    /// disk or another program, which a rebuild would meet again.
    func mendedByRebuild() -> LibraryError {
        guard kind == .other || kind == .damaged, !isMendedByRebuild else { return self }
        return LibraryError(operation: operation, detail: String(format: tr("%@; `snapshelf rebuild` makes the database again from the photos and their sidecars"), detail),
                            kind: kind, isMendedByRebuild: true, cause: cause)
    }

    /// The same error, said of a database that is damaged, with the repair: a rebuild.
    func damagedDatabase() -> LibraryError {
        guard kind == .other else { return mendedByRebuild() }
        return LibraryError(operation: operation, detail: String(format: tr("%@; the database is damaged"), detail), kind: .damaged).mendedByRebuild()
    }

    public var description: String {
        // TRANSLATORS: the first %@ says what Snapshelf was doing, as in "opening the database /home/ada/.local/share/snapshelf/library.sqlite3"; the second, what went wrong.
        String(format: tr("error while %@: %@"), operation, detail)
    }
}
