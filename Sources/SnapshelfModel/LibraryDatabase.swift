// The library's SQLite database: its schema, its migrations and the queries the library needs.
import CSQLite
import Foundation

final class LibraryDatabase {
    /// A row as stored; the file name is relative to the library's photo folder.
    struct Row: Equatable {
        let id: Int64
        let label: String
        let fileName: String
        let originalName: String
        let addedMilliseconds: Int64
        let width: Int
        let height: Int
        let sha256: String
    }

    /// Each entry moves the schema one version up; `PRAGMA user_version` records how many ran.
    private static let migrations = [
        """
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            label TEXT NOT NULL,
            label_key TEXT NOT NULL,
            file_name TEXT NOT NULL,
            original_name TEXT NOT NULL,
            added_ms INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            sha256 TEXT NOT NULL UNIQUE
        );
        """,
    ]

    private static let columns = "id, label, file_name, original_name, added_ms, width, height, sha256"

    let fileURL: URL
    private let connection: SQLiteConnection

    init(fileURL: URL) throws(LibraryError) {
        self.fileURL = fileURL
        connection = try SQLiteConnection(fileURL: fileURL)
        let configuring = "configuring the database \(fileURL.path)"
        // WAL keeps readers and one writer apart; the timeout lets a second process wait its turn.
        try connection.execute("PRAGMA busy_timeout = 10000", during: configuring)
        try connection.execute("PRAGMA journal_mode = WAL", during: configuring)
        try connection.execute("PRAGMA synchronous = FULL", during: configuring)
        try migrate()
    }

    private func migrate() throws(LibraryError) {
        try connection.inTransaction(during: "upgrading the database") { () throws(LibraryError) in
            let version = try integer("PRAGMA user_version", during: "reading the schema version")
            guard version <= Int64(Self.migrations.count) else {
                throw LibraryError(
                    operation: "opening the database \(fileURL.path)",
                    detail: "it was written by a newer Snapshelf (schema \(version), this one knows \(Self.migrations.count))"
                )
            }
            for migration in Self.migrations.dropFirst(Int(version)) {
                try connection.execute(migration, during: "upgrading the database")
            }
            try connection.execute("PRAGMA user_version = \(Self.migrations.count)", during: "upgrading the database")
        }
    }

    private func integer(_ sql: String, during operation: String) throws(LibraryError) -> Int64 {
        let statement = try connection.prepare(sql, during: operation)
        guard try statement.step() else { return 0 }
        return statement.integer(at: 0)
    }

    /// Changes whenever another connection, in this process or another, commits a change.
    func dataVersion() throws(LibraryError) -> Int64 {
        try integer("PRAGMA data_version", during: "checking the library for changes")
    }

    func insert(_ row: Row) throws(LibraryError) -> Int64 {
        try connection.inTransaction(during: "saving a photo") { () throws(LibraryError) in
            let statement = try connection.prepare(
                """
                INSERT INTO photos (label, label_key, file_name, original_name, added_ms, width, height, sha256)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                during: "saving a photo"
            )
            try statement.bind([
                .text(row.label), .text(SearchKey.folding(row.label)), .text(row.fileName), .text(row.originalName),
                .integer(row.addedMilliseconds), .integer(Int64(row.width)), .integer(Int64(row.height)),
                .text(row.sha256),
            ])
            _ = try statement.step()
            return sqlite3_last_insert_rowid(connection.handle)
        }
    }

    /// Every photo, in the order they were added.
    func allRows() throws(LibraryError) -> [Row] {
        try rows("SELECT \(Self.columns) FROM photos ORDER BY id", [], during: "reading the library")
    }

    func row(withID id: Int64) throws(LibraryError) -> Row? {
        try rows("SELECT \(Self.columns) FROM photos WHERE id = ?", [.integer(id)], during: "reading a photo").first
    }

    func row(withHash sha256: String) throws(LibraryError) -> Row? {
        try rows("SELECT \(Self.columns) FROM photos WHERE sha256 = ?", [.text(sha256)], during: "looking for a duplicate")
            .first
    }

    /// Photos whose label contains the folded text, in the order they were added.
    func rows(matching foldedText: String) throws(LibraryError) -> [Row] {
        try rows("SELECT \(Self.columns) FROM photos WHERE instr(label_key, ?) > 0 ORDER BY id",
                 [.text(foldedText)], during: "searching the labels")
    }

    /// Returns false when there is no photo with that ID.
    func updateLabel(_ label: String, ofPhotoWithID id: Int64) throws(LibraryError) -> Bool {
        try change("UPDATE photos SET label = ?, label_key = ? WHERE id = ?",
                   [.text(label), .text(SearchKey.folding(label)), .integer(id)], during: "changing a label")
    }

    /// Returns false when there is no photo with that ID.
    func deleteRow(withID id: Int64) throws(LibraryError) -> Bool {
        try change("DELETE FROM photos WHERE id = ?", [.integer(id)], during: "removing a photo")
    }

    /// What SQLite's own integrity check reports: empty when the database is sound.
    func integrityProblems() throws(LibraryError) -> [String] {
        let statement = try connection.prepare("PRAGMA integrity_check", during: "checking the database")
        var problems: [String] = []
        while try statement.step() {
            let line = statement.text(at: 0)
            if line != "ok" { problems.append(line) }
        }
        return problems
    }

    private func change(_ sql: String, _ values: [SQLiteValue], during operation: String) throws(LibraryError) -> Bool {
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            let statement = try connection.prepare(sql, during: operation)
            try statement.bind(values)
            _ = try statement.step()
            return sqlite3_changes(connection.handle) > 0
        }
    }

    private func rows(_ sql: String, _ values: [SQLiteValue], during operation: String) throws(LibraryError) -> [Row] {
        let statement = try connection.prepare(sql, during: operation)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(
                id: statement.integer(at: 0),
                label: statement.text(at: 1),
                fileName: statement.text(at: 2),
                originalName: statement.text(at: 3),
                addedMilliseconds: statement.integer(at: 4),
                width: Int(statement.integer(at: 5)),
                height: Int(statement.integer(at: 6)),
                sha256: statement.text(at: 7)
            ))
        }
        return rows
    }
}
