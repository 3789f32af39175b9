// A thin owner of one SQLite connection: opening, plain statements and transactions.
import CSQLite
import Foundation

/// SQLite's way of saying "copy this string now", which its header spells as a macro Swift cannot import.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

final class SQLiteConnection {
    let handle: OpaquePointer
    /// The database file, which the messages name.
    let fileURL: URL

    /// Opens the database for reading and writing, creating it when missing.
    convenience init(fileURL: URL) throws(LibraryError) {
        try self.init(path: fileURL.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, reporting: fileURL)
    }

    /// Opens a database that cannot be written, such as a backup on read-only media or one on a
    /// full disk. A WAL database normally needs its shared-memory file, which a read-only folder
    /// may lack and cannot get; opened as immutable it is read as the file holds it. On a full
    /// disk the shared memory cannot grow either, but the write-ahead log can still be read:
    /// see `fullDiskCopy`. Whether it is read as immutable, blind to its write-ahead log.
    static func readOnly(fileURL: URL) throws(LibraryError) -> (connection: SQLiteConnection, immutable: Bool) {
        do {
            let plain = try SQLiteConnection(path: fileURL.path, flags: SQLITE_OPEN_READONLY, reporting: fileURL)
            try plain.execute("SELECT count(*) FROM sqlite_master", during: .openingDatabase(fileURL))
            return (plain, false)
        } catch where error.isDiskFull {
            return (try fullDiskCopy(fileURL: fileURL), false)
        } catch {
            return (try immutable(fileURL: fileURL), true)
        }
    }

    /// Opens a database to read it as its file holds it, blind to any write-ahead log, and
    /// making no file beside it.
    static func immutable(fileURL: URL) throws(LibraryError) -> SQLiteConnection {
        let path = fileURL.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? fileURL.path
        return try SQLiteConnection(path: "file:\(path)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, reporting: fileURL)
    }

    /// The database and its write-ahead log, copied into memory. In exclusive locking mode SQLite
    /// keeps the log's index in memory rather than in the shared-memory file a full disk has no
    /// room for; the lock it then holds is let go at once, as the file connection closes, so other
    /// programs can still read, and it closes without checkpointing, so nothing on disk changes.
    private static func fullDiskCopy(fileURL: URL) throws(LibraryError) -> SQLiteConnection {
        let opening = LibraryOperation.openingDatabase(fileURL)
        let file = try SQLiteConnection(path: fileURL.path, flags: SQLITE_OPEN_READWRITE, reporting: fileURL)
        snapshelf_sqlite3_skip_checkpoint_on_close(file.handle)
        try file.execute("PRAGMA query_only = 1; PRAGMA locking_mode = EXCLUSIVE", during: opening)
        return try file.inMemoryCopy(during: opening)
    }

    private init(path: String, flags: Int32, reporting fileURL: URL) throws(LibraryError) {
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let opened else {
            let error = SQLiteFailure.error(during: .openingDatabase(fileURL),
                                            status: status, handle: opened, fileURL: fileURL)
            sqlite3_close(opened)
            throw error
        }
        // The extended codes tell a shared-memory file that cannot grow from other I/O errors.
        sqlite3_extended_result_codes(opened, 1)
        handle = opened
        self.fileURL = fileURL
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// An empty database in memory, gone when it closes.
    static func inMemory() throws(LibraryError) -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, reporting: URL(fileURLWithPath: ":memory:"))
    }

    /// A copy of the whole database in memory, which can be written whatever the original allows.
    func inMemoryCopy(during operation: LibraryOperation) throws(LibraryError) -> SQLiteConnection {
        let copy = try SQLiteConnection.inMemory()
        // SQLite tells a backup's failure on the copy's connection, though it may be this database's.
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw SQLiteFailure.error(during: operation, status: sqlite3_errcode(copy.handle), handle: copy.handle, fileURL: fileURL)
        }
        let status = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else {
            throw SQLiteFailure.error(during: operation, status: status, handle: copy.handle, fileURL: fileURL)
        }
        return copy
    }

    /// What went wrong with the latest call that returned `status`, of the kind its codes tell.
    func failure(during operation: LibraryOperation, status: Int32) -> LibraryError {
        SQLiteFailure.error(during: operation, status: status, handle: handle, fileURL: fileURL)
    }

    func execute(_ sql: String, during operation: LibraryOperation) throws(LibraryError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(during: operation, status: status) }
    }

    func prepare(_ sql: String, during operation: LibraryOperation) throws(LibraryError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw failure(during: operation, status: status)
        }
        return SQLiteStatement(handle: statement, connection: self, operation: operation)
    }

    /// Runs body inside one transaction that commits only when body returns normally.
    func inTransaction<T>(during operation: LibraryOperation, _ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        try transaction("BEGIN IMMEDIATE", during: operation, body)
    }

    /// Runs the statement once for each row of values, in one transaction.
    func run(_ sql: String, forEach rows: [[SQLiteValue]], during operation: LibraryOperation) throws(LibraryError) {
        guard !rows.isEmpty else { return }
        let statement = try prepare(sql, during: operation)
        try inTransaction(during: operation) { () throws(LibraryError) in
            for values in rows {
                try statement.bind(values)
                _ = try statement.step()
                statement.reset()
            }
        }
    }

    /// Runs body's reads against one state of the database, whatever other connections commit
    /// meanwhile; inside a transaction already, that transaction is the one state.
    func readingOneState<T>(during operation: LibraryOperation, _ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        return try transaction("BEGIN", during: operation, body)
    }

    private func transaction<T>(_ begin: String, during operation: LibraryOperation,
                                _ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        try execute(begin, during: operation)
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
