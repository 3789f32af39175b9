// Shotwell's photo.db opened read-only, as Shotwell may be running and writing it: nothing here
// writes the file, its journal or anything beside it. Every read is one transaction, so what is
// read is one moment of the database, and a lock Shotwell holds while it writes is waited for,
// up to a limit, then reported rather than waited on for ever.
import CSQLite
import Foundation

final class ShotwellDatabase {
    /// A value of a row as stored: SQLite keeps any type in any column, whatever the schema says.
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        /// Text or blob, as bytes: Shotwell stores file names as GLib gives them, not always UTF-8.
        case bytes([UInt8])

        var integer: Int64? {
            switch self {
            case .integer(let value): value
            case .real(let value) where value.rounded() == value && abs(value) < 9e15: Int64(value)
            case .bytes(let bytes): Int64(String(decoding: bytes, as: UTF8.self))
            default: nil
            }
        }

        var text: String? {
            guard case .bytes(let bytes) = self else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private let handle: OpaquePointer
    private let url: URL
    private let patience: Duration
    private let waiting: (() -> Void)?
    /// When the wait for the current lock began.
    private var waitStarted: ContinuousClock.Instant?
    private var toldOfWait = false

    /// Opens the file for reading only, after telling apart a path with nothing, a folder, an
    /// empty file and a file that cannot be read, which SQLite would call "unable to open", or an
    /// empty database. `waiting` is called as soon as a lock is waited for.
    init(url: URL, patience: Duration, waiting: (() -> Void)? = nil) throws(ShotwellError) {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing(url) : .unreadable(url, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(url) }
        guard status.st_size > 0 else { throw .empty(url) }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(url, reason: String(cString: strerror(errno))) }
        close(descriptor)
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(url.path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard result == SQLITE_OK, let opened else {
            let detail = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_close(opened)
            throw .unreadable(url, reason: detail)
        }
        sqlite3_extended_result_codes(opened, 1)
        (handle, self.url, self.patience, self.waiting) = (opened, url, patience, waiting)
        // A handler of our own rather than sqlite3_busy_timeout, which waits without a word.
        sqlite3_busy_handler(handle, { context, count in
            Unmanaged<ShotwellDatabase>.fromOpaque(context!).takeUnretainedValue().keepWaiting(count: count) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether to try again for a lock Shotwell holds, after a short sleep: yes until the patience
    /// has passed since this lock's first refusal.
    private func keepWaiting(count: Int32) -> Bool {
        let clock = ContinuousClock()
        if count == 0 {
            waitStarted = clock.now
            if !toldOfWait { waiting?() }
            toldOfWait = true
        }
        guard let started = waitStarted, clock.now - started < patience else { return false }
        Thread.sleep(forTimeInterval: min(0.05, 0.002 * Double(count + 1)))
        return true
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `body` in one read transaction, which sees the database as it was when it began.
    func reading<T>(_ body: () throws(ShotwellError) -> T) throws(ShotwellError) -> T {
        try execute("BEGIN")
        defer { _ = sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
        // The first read takes the shared lock, waiting for Shotwell's writes.
        _ = try rows("SELECT count(*) FROM sqlite_master")
        return try body()
    }

    /// The rows the query gives, each a list of its values.
    func rows(_ sql: String) throws(ShotwellError) -> [[Value]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        defer { sqlite3_finalize(statement) }
        var rows: [[Value]] = []
        while true {
            let stepped = sqlite3_step(statement)
            if stepped == SQLITE_DONE { return rows }
            guard stepped == SQLITE_ROW else { throw failure(stepped) }
            rows.append((0..<sqlite3_column_count(statement)).map { value(statement, $0) })
        }
    }

    /// The names of the table's columns; none when there is no such table.
    func columns(of table: String) throws(ShotwellError) -> Set<String> {
        Set(try rows("SELECT name FROM pragma_table_info('\(table)')").compactMap { $0.first?.text })
    }

    private func execute(_ sql: String) throws(ShotwellError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw failure(result) }
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return .null
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        default:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let start = sqlite3_column_blob(statement, column) else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: start, count: count)))
        }
    }

    private func failure(_ status: Int32) -> ShotwellError {
        switch status & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: .locked(url, patience: patience)
        case SQLITE_NOTADB: .notSQLite(url)
        case SQLITE_READONLY: .interruptedWrite(url)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .unreadable(url, reason: String(cString: sqlite3_errmsg(handle)))
        default: .damaged(url, detail: String(cString: sqlite3_errmsg(handle)))
        }
    }
}
