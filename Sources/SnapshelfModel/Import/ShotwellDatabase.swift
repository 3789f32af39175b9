// Shotwell's photo.db opened read-only, as Shotwell may be running and writing it: nothing here
// writes the file, its journal or anything beside it. Every read is one transaction, so what is
// read is one moment of the database, and a lock Shotwell holds while it writes is waited for,
// up to a limit, then reported rather than waited on for ever. The file is anyone's, so a read
// is bounded: each runs under a deadline, temporary tables and sorts stay in memory rather than
// spill to the temporary folder, and no value may be longer than a name or title needs.
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
    /// How long the reads of one `reading` may take, and when the current one must end.
    private let timeLimit: Duration
    private var deadline: ContinuousClock.Instant?
    /// The longest text or blob a value may be: a path, a title, far beyond any Shotwell writes.
    private static let longestValue: Int32 = 1 << 20

    /// Opens the file for reading only, after telling apart a path with nothing, a folder, an
    /// empty file and a file that cannot be read, which SQLite would call "unable to open", or an
    /// empty database. `waiting` is called as soon as a lock is waited for.
    init(url: URL, patience: Duration, timeLimit: Duration, waiting: (() -> Void)? = nil) throws(ShotwellError) {
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
        (handle, self.url, self.patience, self.waiting, self.timeLimit) = (opened, url, patience, waiting, timeLimit)
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.longestValue)
        sqlite3_progress_handler(handle, 1000, { context in
            Unmanaged<ShotwellDatabase>.fromOpaque(context!).takeUnretainedValue().isPastDeadline ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // A handler of our own rather than sqlite3_busy_timeout, which waits without a word.
        sqlite3_busy_handler(handle, { context, count in
            Unmanaged<ShotwellDatabase>.fromOpaque(context!).takeUnretainedValue().keepWaiting(count: count) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // A sort too big for memory is stopped by the deadline, never written to the disk. After
        // the busy handler: reading the schema for them waits for Shotwell's lock like any read.
        try execute("PRAGMA temp_store = MEMORY; PRAGMA cache_size = -16384")
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

    /// Whether the reads have taken longer than their limit, which interrupts them.
    private var isPastDeadline: Bool {
        guard let deadline else { return false }
        return ContinuousClock().now > deadline
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `body` in one read transaction, which sees the database as it was when it began.
    func reading<T>(_ body: () throws(ShotwellError) -> T) throws(ShotwellError) -> T {
        try execute("BEGIN")
        defer { _ = sqlite3_exec(handle, "COMMIT", nil, nil, nil) }
        // The first read takes the shared lock, waiting for Shotwell's writes; the time limit
        // counts from then, so a wait for Shotwell is bounded by the patience alone.
        _ = try rows("SELECT count(*) FROM sqlite_master")
        deadline = ContinuousClock().now + timeLimit
        defer { deadline = nil }
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

    /// Whether `name` is a plain table, one that reading cannot make run for ever as a view or a
    /// virtual table can; nil when there is nothing of that name.
    func isPlainTable(_ name: String) throws(ShotwellError) -> Bool? {
        guard let found = try rows("SELECT type, sql FROM sqlite_master WHERE name = '\(name)' COLLATE NOCASE").first else {
            return nil
        }
        let sql = found[1].text?.uppercased() ?? ""
        return found[0].text == "table" && sql.hasPrefix("CREATE TABLE")
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
        case SQLITE_INTERRUPT: .tooSlow(url, limit: timeLimit)
        case SQLITE_TOOBIG: .valueTooLong(url)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .unreadable(url, reason: String(cString: sqlite3_errmsg(handle)))
        default: .damaged(url, detail: String(cString: sqlite3_errmsg(handle)))
        }
    }
}
