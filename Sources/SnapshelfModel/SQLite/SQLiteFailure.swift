// How SQLite failed, and the reading of what it reports into a LibraryError of the right case.
// SQLite says "disk I/O error" alike for a full disk, a read-only one and a failing one; the errno
// behind it tells them apart, so each gets its own message and its own repair, and only a damaged
// database is sent to a rebuild.
import CSQLite
import Foundation

public enum SQLiteFailure: Sendable, Equatable {
    /// SQLite's own words, for a failure with no case of its own; `rebuildMends` when the
    /// database will not open or be read, so a rebuild makes it again.
    case failed(String, rebuildMends: Bool)
    /// SQLite's own words for a database that is damaged.
    case damaged(String)
    /// The database file cannot be written.
    case readOnly(URL, LibraryError.Cause)
    /// Another program holds the database locked.
    case locked(URL)
    /// The schema version is one no Snapshelf writes: the database is damaged.
    case impossibleVersion(Int)
    /// A newer Snapshelf wrote the database: its schema `found`, where this one knows `known`.
    case newerVersion(found: Int, known: Int)
    /// An older Snapshelf wrote the database, which must be upgraded but cannot be written.
    case olderVersionReadOnly
    /// The schema holds what Snapshelf's migrations never make, such as a trigger another program
    /// added: a few of them, by type and name, and how many more.
    case unknownSchema([String], more: Int)

    /// The error for a status SQLite returned on the database `fileURL`, read from the connection
    /// while its error is still the latest.
    static func error(during operation: LibraryOperation, status: Int32, handle: OpaquePointer?, fileURL: URL) -> LibraryError {
        // The connection's own codes say more, when they are of the failure at hand.
        let told = handle.flatMap { sqlite3_extended_errcode($0) & 0xff == status & 0xff ? $0 : nil }
        let code = told.map(sqlite3_extended_errcode) ?? status
        let systemErrno = told.map(sqlite3_system_errno) ?? 0
        let message = told.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
        let primary = code & 0xff
        let systemFailure = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN
        if primary == SQLITE_FULL || systemFailure && [ENOSPC, EDQUOT].contains(systemErrno) {
            return diskFull(fileURL.deletingLastPathComponent(), during: operation)
        }
        if primary == SQLITE_READONLY || systemFailure && [EROFS, EACCES, EPERM].contains(systemErrno) {
            return .database(.readOnly(fileURL, systemErrno == 0 ? .said(message) : .errno(systemErrno)), during: operation)
        }
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED {
            return .database(.locked(fileURL), during: operation)
        }
        if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB {
            return .database(.damaged(message), during: operation)
        }
        return .database(.failed(message, rebuildMends: false), during: operation)
    }

    /// A full disk, named by the folder on it, with how much room is left.
    static func diskFull(_ folder: URL, during operation: LibraryOperation) -> LibraryError {
        var status = statvfs()
        let free = statvfs(folder.path, &status) == 0 ? Int(UInt64(status.f_bavail) * UInt64(status.f_frsize) / 1024) : 0
        return .diskFull(folder: folder, freeKilobytes: free, during: operation)
    }
}
