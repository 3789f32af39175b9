// A thin owner of one SQLite connection: opening, plain statements and transactions.
import CSQLite
import Foundation

/// SQLite's way of saying "copy this string now", which its header spells as a macro Swift cannot import.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

final class SQLiteConnection {
    let handle: OpaquePointer

    init(fileURL: URL) throws(LibraryError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(fileURL.path, &opened, flags, nil)
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
