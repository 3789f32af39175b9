// Another process's change, landed while one of the library's own starts: a write transaction held
// open on a connection of its own, committed a moment after the library's change began. A change
// that reads what it replaces before its own write transaction reads the old state and overwrites
// the other; one that reads inside it waits for the commit and builds on it.
import CSQLite
import Foundation

struct HeldWrite {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `sql` in a write transaction of its own, runs `change` on another thread meanwhile,
    /// commits, and returns what `change` returned once it is done.
    static func landing<T>(_ sql: String, in database: URL, during change: () throws -> T) throws -> T {
        var opened: OpaquePointer?
        guard sqlite3_open(database.path, &opened) == SQLITE_OK, let handle = opened else {
            throw Failure(description: "cannot open \(database.path)")
        }
        defer { sqlite3_close(handle) }
        try execute("BEGIN IMMEDIATE; \(sql)", on: handle)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        try withoutActuallyEscaping(change) { change in
            nonisolated(unsafe) let change = change
            Thread.detachNewThread {
                result = Result { try change() }
                finished.signal()
            }
            // Time for a change that reads first to read before it waits for the write lock; one
            // that reads inside its transaction comes to the same end however long this is.
            Thread.sleep(forTimeInterval: 0.3)
            let committed = Result { try execute("COMMIT", on: handle) }
            finished.wait()
            try committed.get()
        }
        return try result!.get()
    }

    private static func execute(_ sql: String, on handle: OpaquePointer) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }
}
