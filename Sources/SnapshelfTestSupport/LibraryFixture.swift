// Reaches into a library's SQLite file the way a different Snapshelf release would.
import CSQLite
import Foundation

public enum LibraryFixture {
    public struct Failure: Error {
        public let message: String
    }

    public static func setSchemaVersion(_ version: Int, of database: URL) throws {
        try execute("PRAGMA user_version = \(version)", in: database)
    }

    public static func execute(_ sql: String, in database: URL) throws {
        try withDatabase(database) { handle in
            guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
                throw Failure(message: String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    public static func schemaVersion(of database: URL) throws -> Int {
        try integer("PRAGMA user_version", in: database)
    }

    /// The first column of the first row the query gives.
    public static func integer(_ sql: String, in database: URL) throws -> Int {
        try withDatabase(database) { handle in
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
                throw Failure(message: String(cString: sqlite3_errmsg(handle)))
            }
            defer { sqlite3_finalize(statement) }
            guard sqlite3_step(statement) == SQLITE_ROW else { throw Failure(message: "no row for \(sql)") }
            return Int(sqlite3_column_int64(statement, 0))
        }
    }

    private static func withDatabase<T>(_ url: URL, _ body: (OpaquePointer) throws -> T) throws -> T {
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK, let handle else {
            throw Failure(message: "cannot open \(url.path)")
        }
        defer { sqlite3_close(handle) }
        return try body(handle)
    }
}
