// Another process's change, landed while one of the library's own starts: a write transaction held
// open on a connection of its own, committed a moment after the library's change began. A change
// that reads what it replaces before its own write transaction reads the old state and overwrites
// the other; one that reads inside it waits for the commit and builds on it.
import CSQLite
import Foundation
import Synchronization

struct HeldWrite {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `sql` in a write transaction of its own, runs `change` meanwhile, commits from
    /// another thread, and returns what `change` returned once both are done.
    static func landing<T>(_ sql: String, in database: URL, during change: () throws -> T) throws -> T {
        var opened: OpaquePointer?
        guard sqlite3_open(database.path, &opened) == SQLITE_OK, let handle = opened else {
            throw Failure(description: "cannot open \(database.path)")
        }
        defer { sqlite3_close(handle) }
        try execute("BEGIN IMMEDIATE; \(sql)", on: handle)
        // The change runs here and the commit on the other thread, not the other way round: a
        // thread that ran the change would hold the closure after it signalled, and
        // withoutActuallyEscaping traps on a closure still held when it returns.
        let committed = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var commit: Result<Void, any Error>?
        nonisolated(unsafe) let connection = handle
        let changing = ThreadTask.current
        let changed = Atomic(false)
        Thread.detachNewThread {
            // Committed once the change waits for the write lock, SQLite sleeping between its
            // tries: a change that reads first has read by then. One that never waits for the lock
            // ends first, and the commit follows it.
            let waited = ThreadTask.wait { changing.isAsleep || changed.load(ordering: .acquiring) }
            commit = waited ? Result { try execute("COMMIT", on: connection) }
                            : .failure(Failure(description: "the change neither waited for the write lock nor ended"))
            committed.signal()
        }
        let result = Result { try change() }
        changed.store(true, ordering: .releasing)
        committed.wait()
        try commit!.get()
        return try result.get()
    }

    private static func execute(_ sql: String, on handle: OpaquePointer) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }
}
