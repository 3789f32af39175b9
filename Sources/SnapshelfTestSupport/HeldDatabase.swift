// A library's SQLite database held open the way a running Snapshelf holds it: while a
// connection to a WAL database is open, its -wal and -shm files are there beside it, so a test
// can see what a file sync does with them. It also reads a value for the test to compare.
import CSQLite
import Foundation

public final class HeldDatabase {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var handle: OpaquePointer?

    /// Opens the database and reads from it, which makes its -wal and -shm files.
    public init(_ url: URL) throws {
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Failure(description: "cannot open \(url.path): \(reason)")
        }
        _ = try text("SELECT count(*) FROM sqlite_master")
    }

    deinit {
        close()
    }

    public func close() {
        sqlite3_close(handle)
        handle = nil
    }

    /// The first column of the first row the query gives, as text; nil when there is no row.
    public func text(_ sql: String) throws -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}
