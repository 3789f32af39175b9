// Turns what SQLite reports into a LibraryError of the right kind. SQLite says "disk I/O error"
// alike for a full disk, a read-only one and a failing one; the errno behind it tells them apart,
// so each gets its own message and its own repair, and only a damaged database is sent to a rebuild.
import CSQLite
import Foundation

enum SQLiteFailure {
    /// The error for a status SQLite returned on the database `fileURL`, read from the connection
    /// while its error is still the latest.
    static func error(during operation: String, status: Int32, handle: OpaquePointer?, fileURL: URL) -> LibraryError {
        // The connection's own codes say more, when they are of the failure at hand.
        let told = handle.flatMap { sqlite3_extended_errcode($0) & 0xff == status & 0xff ? $0 : nil }
        let code = told.map(sqlite3_extended_errcode) ?? status
        let systemErrno = told.map(sqlite3_system_errno) ?? 0
        let message = told.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
        let folder = fileURL.deletingLastPathComponent()
        let primary = code & 0xff
        let systemFailure = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN
        if primary == SQLITE_FULL || systemFailure && [ENOSPC, EDQUOT].contains(systemErrno) {
            return LibraryError(operation: operation, detail: fullDiskDetail(folder), kind: .fullDisk)
        }
        if primary == SQLITE_READONLY || systemFailure && [EROFS, EACCES, EPERM].contains(systemErrno) {
            let reason = systemErrno == 0 ? message : String(cString: strerror(systemErrno))
            return LibraryError(operation: operation, detail: String(format: tr("%@ cannot be written (%@); open the library where it can be written"),
                                                                     fileURL.path, reason), kind: .readOnly)
        }
        if primary == SQLITE_BUSY || primary == SQLITE_LOCKED {
            return LibraryError(operation: operation, detail: String(format: tr("another program has kept %@ locked; try again once it is done"),
                                                                     fileURL.path), kind: .busy)
        }
        if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB {
            return LibraryError(operation: operation, detail: message).damagedDatabase()
        }
        return LibraryError(operation: operation, detail: message)
    }

    /// Names the disk by the folder on it and says how much room is left.
    static func fullDiskDetail(_ folder: URL) -> String {
        var status = statvfs()
        let free = statvfs(folder.path, &status) == 0 ? Int(UInt64(status.f_bavail) * UInt64(status.f_frsize) / 1024) : 0
        return String(format: tr("the disk holding %@ is full (%ld KB free); free some space and try again"), folder.path, free)
    }
}
