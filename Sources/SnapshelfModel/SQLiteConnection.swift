// A thin owner of one SQLite connection: opening, plain statements and transactions.
import CSQLite
import Foundation

/// SQLite's way of saying "copy this string now", which its header spells as a macro Swift cannot import.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

final class SQLiteConnection {
    let handle: OpaquePointer

    /// Opens the database for reading and writing, creating it when missing.
    convenience init(fileURL: URL) throws(LibraryError) {
        try self.init(path: fileURL.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, reporting: fileURL)
    }

    /// Opens a database that cannot be written, such as a backup on read-only media. A WAL
    /// database normally needs its shared-memory file, which a read-only folder may lack and
    /// cannot get; opened as immutable it is read as the file holds it.
    /// Whether it is read as immutable, blind to its write-ahead log.
    static func readOnly(fileURL: URL) throws(LibraryError) -> (connection: SQLiteConnection, immutable: Bool) {
        if let plain = try? SQLiteConnection(path: fileURL.path, flags: SQLITE_OPEN_READONLY, reporting: fileURL),
           (try? plain.execute("SELECT count(*) FROM sqlite_master", during: "")) != nil {
            return (plain, false)
        }
        let path = fileURL.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? fileURL.path
        return (try SQLiteConnection(path: "file:\(path)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                                     reporting: fileURL), true)
    }

    private init(path: String, flags: Int32, reporting fileURL: URL) throws(LibraryError) {
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let opened else {
            let detail = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(opened)
            throw LibraryError(operation: String(format: tr("opening the database %@"), fileURL.path), detail: detail)
        }
        handle = opened
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// A copy of the whole database in memory, which can be written whatever the original allows.
    func inMemoryCopy(during operation: String) throws(LibraryError) -> SQLiteConnection {
        let copy = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                                        reporting: URL(fileURLWithPath: ":memory:"))
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw LibraryError(operation: operation, detail: copy.lastErrorMessage)
        }
        let status = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else { throw LibraryError(operation: operation, detail: String(cString: sqlite3_errstr(status))) }
        return copy
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func execute(_ sql: String, during operation: String) throws(LibraryError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let detail = message.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(message)
            throw LibraryError(operation: operation, detail: detail)
        }
    }

    func prepare(_ sql: String, during operation: String) throws(LibraryError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw LibraryError(operation: operation, detail: lastErrorMessage)
        }
        return SQLiteStatement(handle: statement, connection: self, operation: operation)
    }

    /// Runs body inside one transaction that commits only when body returns normally.
    func inTransaction<T>(during operation: String, _ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        try execute("BEGIN IMMEDIATE", during: operation)
        do {
            let result = try body()
            try execute("COMMIT", during: operation)
            return result
        } catch {
            try? execute("ROLLBACK", during: operation)
            throw error
        }
    }
}
