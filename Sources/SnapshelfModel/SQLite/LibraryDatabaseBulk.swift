// The database's rows in bulk, for a million photos: read one at a time rather than all held at
// once, and a database made anew, as a rebuild does, filled in minutes rather than a quarter of an
// hour: one statement prepared once, the search indexes built once at the end rather than a row
// at a time, and no flush until the whole file is written.
import Foundation

extension LibraryDatabase {
    /// The triggers that index each row's label and name as it is saved.
    private static let indexTriggers = ["label_index_inserted", "name_index_inserted"]
    private static let indexes = ["label_index", "name_index"]

    /// The columns `insertion` fills, in its order.
    static let insertedColumns = columns.replacingOccurrences(of: "label,", with: "label, label_key,")

    static let insertion = """
        INSERT INTO photos (\(insertedColumns))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// What `insertion` binds for the row: its ID, or none for SQLite to give one.
    static func values(of row: Row, keepingID: Bool) -> [SQLiteValue] {
        [
            keepingID ? .integer(row.id) : .null,
            .text(row.label), .text(SearchKey.folding(row.label)), .text(row.fileName), .text(row.originalName),
            .integer(row.addedMilliseconds), .integer(Int64(row.width)), .integer(Int64(row.height)),
            .text(row.sha256), row.taken.map { .integer($0.instantMilliseconds) } ?? .null,
            .integer(Int64(row.rotation)), row.camera.map { .text($0) } ?? .null,
            row.originalFileName.isUTF8 ? .null : .text(row.originalFileName.percentEncoded),
            row.taken.map { .integer($0.clockMilliseconds) } ?? .null,
            row.taken?.offsetMinutes.map { .integer(Int64($0)) } ?? .null,
        ]
    }

    /// Hands every photo to `body` in the order they were added, one row at a time, so that a
    /// million photos never stand in memory at once.
    func forEachRow(_ body: (Row) -> Void) throws(LibraryError) {
        let statement = try connection.prepare("SELECT \(columns) FROM photos ORDER BY id", during: .readingLibrary)
        while try statement.step() {
            body(Row(reading: statement))
        }
    }

    /// Saves the rows `select` gives, each with its ID and the columns `insertion` lists, into
    /// this new, empty database, in one transaction, with nothing flushed to disk until
    /// `flushWhole()`: only for a file that no one uses yet and that is thrown away if it is not
    /// finished.
    func fillNew(selecting select: String) throws(LibraryError) {
        let operation = LibraryOperation.restoringPhotos
        try connection.execute("PRAGMA synchronous = OFF", during: operation)
        // Room for the indexes' pages, which every insertion touches somewhere else.
        try connection.execute("PRAGMA cache_size = -131072", during: operation)
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            // Each trigger's own text, so it comes back as the schema made it.
            var triggers: [String] = []
            for name in Self.indexTriggers {
                let statement = try connection.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                                                       during: operation)
                try statement.bind([.text(name)])
                guard try statement.step() else { continue }
                triggers.append(statement.text(at: 0))
                try connection.execute("DROP TRIGGER \(name)", during: operation)
            }
            try connection.execute("INSERT INTO main.photos (\(Self.insertedColumns)) \(select)", during: operation)
            for index in Self.indexes {
                try connection.execute("INSERT INTO \(index) (\(index)) VALUES ('rebuild')", during: operation)
            }
            for trigger in triggers {
                try connection.execute(trigger, during: operation)
            }
        }
    }

    /// Writes everything `fillNew` left unflushed into the database file itself, flushed, and
    /// flushes each commit from now on.
    func flushWhole() throws(LibraryError) {
        let operation = LibraryOperation.restoringPhotos
        try connection.execute("PRAGMA synchronous = FULL", during: operation)
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)", during: operation)
    }
}
