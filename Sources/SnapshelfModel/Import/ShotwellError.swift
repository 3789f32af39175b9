// Why Shotwell's database could not be read, with the file it was and what was found there, so
// the person learns whether the path, the file or Shotwell is at fault. SnapshelfMessages words it.
import Foundation

public enum ShotwellError: Error, Sendable, Equatable {
    /// There is no file at the path.
    case missing(URL)
    /// The path is a folder, or something else than a file.
    case notAFile(URL)
    /// The file cannot be read, with the system's words.
    case unreadable(URL, reason: String)
    /// The file is empty: no SQLite database, though SQLite would take it for an empty one.
    case empty(URL)
    /// The file is no SQLite database.
    case notSQLite(URL)
    /// The file is a SQLite database, but not Shotwell's: it has no PhotoTable.
    case notShotwell(URL)
    /// Shotwell's database is of a schema this Snapshelf does not read: `version` is nil when its
    /// VersionTable does not say, `appVersion` the Shotwell that last wrote it, when known.
    case unsupportedSchema(URL, version: Int?, appVersion: String?)
    /// Shotwell kept the database locked, as while it writes, for longer than Snapshelf waits.
    case locked(URL, patience: Duration)
    /// Shotwell stopped in the middle of a write, and only Shotwell may finish it: the file is
    /// opened read-only, so Snapshelf neither rolls it back nor reads half of it.
    case interruptedWrite(URL)
    /// SQLite could not read it, in its own words, such as a damaged file.
    case damaged(URL, detail: String)
    /// `table` is a view or a virtual table, not the plain table Shotwell makes, and reading a
    /// view may never end.
    case notATable(URL, table: String)
    /// Reading took longer than `limit`, far longer than any Shotwell library takes.
    case tooSlow(URL, limit: Duration)
    /// PhotoTable has more than `limit` rows, more than any Shotwell library holds.
    case tooManyRows(URL, limit: Int)
    /// A value is longer than any file name or title Shotwell writes.
    case valueTooLong(URL)

    /// The database the error is about.
    public var url: URL {
        switch self {
        case .missing(let url), .notAFile(let url), .empty(let url), .unreadable(let url, _), .notSQLite(let url), .notShotwell(let url),
             .unsupportedSchema(let url, _, _), .locked(let url, _), .interruptedWrite(let url), .damaged(let url, _),
             .notATable(let url, _), .tooSlow(let url, _), .tooManyRows(let url, _), .valueTooLong(let url): url
        }
    }
}
