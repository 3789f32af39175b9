// One prepared SQLite statement: binding parameters, stepping through rows and reading columns.
import CSQLite
import Foundation

final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    private let operation: LibraryOperation

    init(handle: OpaquePointer, connection: SQLiteConnection, operation: LibraryOperation) {
        self.handle = handle
        self.connection = connection
        self.operation = operation
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Makes the statement ready to run again, with new values bound.
    func reset() {
        sqlite3_reset(handle)
    }

    func bind(_ values: [SQLiteValue]) throws(LibraryError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 = switch value {
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            // The length is given so that text holding U+0000 is stored whole.
            case .text(let text): sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), sqliteTransient)
            case .null: sqlite3_bind_null(handle, index)
            }
            guard status == SQLITE_OK else { throw connection.failure(during: operation, status: status) }
        }
    }

    /// Advances to the next row; false once the statement is done.
    func step() throws(LibraryError) -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(during: operation, status: status)
        }
    }

    func integer(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// How many columns each row of the statement has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let length = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
}
