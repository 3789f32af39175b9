// The library's SQLite database: its schema, its migrations and the queries PhotoStore needs.
import CSQLite
import Foundation

final class LibraryDatabase {
    /// A row as stored; the file name is relative to the library's photo folder.
    struct Row {
        let id: Int64
        let label: String
        let fileName: String
        let originalName: String
        let addedMilliseconds: Int64
        let width: Int
        let height: Int
    }

    /// Each entry moves the schema one version up; `PRAGMA user_version` records how many ran.
    private static let migrations = [
        """
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            label TEXT NOT NULL,
            file_name TEXT NOT NULL,
            original_name TEXT NOT NULL,
            added_ms INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            sha256 TEXT NOT NULL
        );
        """,
    ]

    private let connection: SQLiteConnection

    init(fileURL: URL) throws(LibraryError) {
        connection = try SQLiteConnection(fileURL: fileURL)
        let configuring = "configuring the database \(fileURL.path)"
        // WAL keeps readers and one writer apart; the timeout lets a second process wait its turn.
        try connection.execute("PRAGMA busy_timeout = 5000", during: configuring)
        try connection.execute("PRAGMA journal_mode = WAL", during: configuring)
        try connection.execute("PRAGMA synchronous = FULL", during: configuring)
        try migrate()
    }

    private func migrate() throws(LibraryError) {
        try connection.inTransaction(during: "upgrading the database") { () throws(LibraryError) in
            let version = try userVersion()
            guard version <= Self.migrations.count else {
                throw LibraryError(
                    operation: "opening the database",
                    detail: "it was written by a newer Snapshelf (schema \(version), this one knows \(Self.migrations.count))"
                )
            }
            for migration in Self.migrations.dropFirst(version) {
                try connection.execute(migration, during: "upgrading the database")
            }
            try connection.execute("PRAGMA user_version = \(Self.migrations.count)", during: "upgrading the database")
        }
    }

    private func userVersion() throws(LibraryError) -> Int {
        let statement = try connection.prepare("PRAGMA user_version", during: "reading the schema version")
        guard try statement.step() else { return 0 }
        return Int(statement.integer(at: 0))
    }

    func insert(
        label: String, fileName: String, originalName: String, addedMilliseconds: Int64,
        width: Int, height: Int, sha256: String
    ) throws(LibraryError) -> Int64 {
        try connection.inTransaction(during: "saving a photo") { () throws(LibraryError) in
            let statement = try connection.prepare(
                """
                INSERT INTO photos (label, file_name, original_name, added_ms, width, height, sha256)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                during: "saving a photo"
            )
            try statement.bind([
                .text(label), .text(fileName), .text(originalName), .integer(addedMilliseconds),
                .integer(Int64(width)), .integer(Int64(height)), .text(sha256),
            ])
            _ = try statement.step()
            return sqlite3_last_insert_rowid(connection.handle)
        }
    }

    /// Every photo, in the order they were added.
    func allRows() throws(LibraryError) -> [Row] {
        let statement = try connection.prepare(
            "SELECT id, label, file_name, original_name, added_ms, width, height FROM photos ORDER BY id",
            during: "reading the library"
        )
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(
                id: statement.integer(at: 0),
                label: statement.text(at: 1),
                fileName: statement.text(at: 2),
                originalName: statement.text(at: 3),
                addedMilliseconds: statement.integer(at: 4),
                width: Int(statement.integer(at: 5)),
                height: Int(statement.integer(at: 6))
            ))
        }
        return rows
    }
}
