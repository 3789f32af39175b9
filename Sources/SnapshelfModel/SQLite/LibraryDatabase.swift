// The library's SQLite database: its schema, its migrations and the queries the library needs.
import CSQLite
import Foundation

final class LibraryDatabase {
    static let columns = """
        id, label, file_name, original_name, added_ms, width, height, sha256, taken_ms, rotation, camera, original_bytes, \
        taken_clock_ms, taken_offset_min
        """

    /// What the queries select: a read-only database from before rotations reads as unrotated.
    private(set) var columns = LibraryDatabase.columns
    /// Whether searches can look names up in an index; a read-only library from before it cannot.
    private var namesAreIndexed = true

    let fileURL: URL
    /// Whether the database is only read, as a backup on read-only media is.
    let isReadOnly: Bool
    /// Whether the schema has sidecars, as every library has once opened where it can be written.
    private(set) var hasSidecars = true
    /// Whether the schema keeps earlier labels; where a read-only one from before does not, they
    /// are read from the sidecars.
    private(set) var keepsHistories = true
    /// A write-ahead log with changes that a read-only database cannot take in: what it holds
    /// is not seen until the library is opened where it can be written.
    private(set) var unreadJournal: URL?
    let connection: SQLiteConnection

    /// Opens the database, creating it when missing unless `readOnly`. One that will not open is
    /// damaged, and the error says a rebuild mends it, unless what stops it is the disk (full or
    /// read-only) or another program's lock, which a rebuild would meet as well. One whose schema
    /// holds what Snapshelf never makes is refused, with a rebuild as its repair.
    init(fileURL: URL, readOnly: Bool) throws(LibraryError) {
        self.fileURL = fileURL
        isReadOnly = readOnly
        let configuring = LibraryOperation.configuringDatabase(fileURL)
        do {
            if readOnly {
                let opened = try SQLiteConnection.readOnly(fileURL: fileURL)
                connection = opened.connection
                let journal = URL(fileURLWithPath: fileURL.path + "-wal")
                var status = stat()
                if opened.immutable && stat(journal.path, &status) == 0 && status.st_size > 0 {
                    unreadJournal = journal
                }
                try connection.execute("PRAGMA busy_timeout = 10000", during: configuring)
            } else {
                Self.createPrivately(fileURL)
                connection = try SQLiteConnection(fileURL: fileURL)
                // WAL keeps readers and one writer apart; the timeout lets a second process wait its turn.
                try connection.execute("PRAGMA busy_timeout = 10000", during: configuring)
                try connection.execute("PRAGMA journal_mode = WAL", during: configuring)
                try connection.execute("PRAGMA synchronous = FULL", during: configuring)
            }
        } catch {
            throw error.mendedByRebuild()
        }
        // Before anything is written: a trigger no migration made would run inside the write.
        let version = try LibrarySchema.version(of: connection, at: fileURL)
        try LibrarySchemaCheck.refuseUnknown(in: connection, at: fileURL)
        if readOnly {
            // A backup from just before sidecars reads as it is; only its sidecars are missing.
            hasSidecars = version >= LibrarySchema.sidecarsVersion
            namesAreIndexed = version >= LibrarySchema.nameIndexVersion
            keepsHistories = version >= LibrarySchema.historiesVersion
            if version < LibrarySchema.rotationsVersion {
                columns = columns.replacingOccurrences(of: "rotation, camera", with: "0, NULL")
            }
            if version < LibrarySchema.originalBytesVersion {
                columns = columns.replacingOccurrences(of: "original_bytes", with: "NULL")
            }
            if version < LibrarySchema.takenClockVersion {
                columns = columns.replacingOccurrences(of: "taken_clock_ms, taken_offset_min", with: "NULL, NULL")
            }
            guard version >= LibrarySchema.sidecarsVersion - 1 else {
                throw .database(.olderVersionReadOnly, during: .openingDatabase(fileURL))
            }
        } else {
            try LibrarySchema.migrate(connection, at: fileURL)
        }
    }

    /// Makes a new database file readable by its owner only; SQLite would make it 644, and its
    /// journal files take the database's permissions.
    private static func createPrivately(_ fileURL: URL) {
        let descriptor = open(fileURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }

    private func integer(_ sql: String, during operation: LibraryOperation) throws(LibraryError) -> Int64 {
        let statement = try connection.prepare(sql, during: operation)
        guard try statement.step() else { return 0 }
        return statement.integer(at: 0)
    }

    /// Changes whenever another connection, in this process or another, commits a change.
    func dataVersion() throws(LibraryError) -> Int64 {
        try integer("PRAGMA data_version", during: .checkingForChanges)
    }

    /// The number of photos, kept by triggers, so counting reads one row.
    func photoCount() throws(LibraryError) -> Int {
        Int(try integer("SELECT photo_count FROM stats", during: .countingPhotos))
    }

    /// The photos at positions `offset..<offset + limit` in the order they were added.
    func rows(from offset: Int, limit: Int) throws(LibraryError) -> [Row] {
        try rows("SELECT \(columns) FROM photos ORDER BY id LIMIT ? OFFSET ?",
                 [.integer(Int64(limit)), .integer(Int64(offset))], during: .readingLibrary)
    }

    /// Up to `limit` photos after the one with this ID, in the order they were added: a batch of
    /// a reading that never holds every row.
    func rows(afterID id: Int64, limit: Int) throws(LibraryError) -> [Row] {
        try rows("SELECT \(columns) FROM photos WHERE id > ? ORDER BY id LIMIT ?", [.integer(id), .integer(Int64(limit))],
                 during: .readingLibrary)
    }

    /// How many photos were added before the one with this ID: its position.
    func countOfRows(before id: Int64) throws(LibraryError) -> Int {
        let statement = try connection.prepare("SELECT count(*) FROM photos WHERE id < ?", during: .findingAPhoto)
        try statement.bind([.integer(id)])
        _ = try statement.step()
        return Int(statement.integer(at: 0))
    }

    func largestID() throws(LibraryError) -> Int64 {
        try integer("SELECT coalesce(max(id), 0) FROM photos", during: .readingLibrary)
    }

    func latestChange() throws(LibraryError) -> Int64 {
        try integer("SELECT coalesce(max(seq), 0) FROM changes", during: .readingChangeLog)
    }

    func earliestChange() throws(LibraryError) -> Int64 {
        try integer("SELECT coalesce(min(seq), 0) FROM changes", during: .readingChangeLog)
    }

    func changes(after sequence: Int64) throws(LibraryError) -> [LibraryChange] {
        let statement = try connection.prepare(
            "SELECT seq, photo_id, kind FROM changes WHERE seq > ? ORDER BY seq", during: .readingChangeLog)
        try statement.bind([.integer(sequence)])
        var changes: [LibraryChange] = []
        while try statement.step() {
            changes.append(LibraryChange(sequence: statement.integer(at: 0), photoID: statement.integer(at: 1),
                                         kind: LibraryChange.Kind(rawValue: statement.integer(at: 2)) ?? .updated))
        }
        return changes
    }

    /// Keeps the log short; a store that fell further behind reloads instead.
    func pruneChanges(keeping count: Int64) throws(LibraryError) {
        try connection.execute("DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - \(count)",
                               during: .trimmingChangeLog)
    }

    /// Saves the rows under their own IDs, all in one transaction, and marks their files as no
    /// longer in progress; for each whose sidecar is written already, the mark the insert's
    /// trigger leaves goes too, which spares an import a commit per photo.
    func insert(_ rows: [(row: Row, sidecarWritten: Bool)]) throws(LibraryError) {
        try connection.inTransaction(during: .savingAPhoto) { () throws(LibraryError) in
            let done = try connection.prepare("DELETE FROM pending_sidecars WHERE photo_id = ?", during: .savingAPhoto)
            for (row, sidecarWritten) in rows {
                _ = try insertWithinTransaction(row, keepingID: true)
                if sidecarWritten {
                    try done.bind([.integer(row.id)])
                    _ = try done.step()
                    done.reset()
                }
            }
        }
    }

    /// Puts removed rows back with their own IDs, so each returns to its place, and keeps their files.
    func restore(_ rows: [Row]) throws(LibraryError) {
        try connection.inTransaction(during: .restoringPhotos) { () throws(LibraryError) in
            for row in rows {
                _ = try insertWithinTransaction(row, keepingID: true)
            }
        }
    }

    private func insertWithinTransaction(_ row: Row, keepingID: Bool) throws(LibraryError) -> Int64 {
        let statement = try connection.prepare(Self.insertion, during: .savingAPhoto)
        try statement.bind(Self.values(of: row, keepingID: keepingID))
        _ = try statement.step()
        let id = sqlite3_last_insert_rowid(connection.handle)
        let done = try connection.prepare("DELETE FROM pending_files WHERE file_name = ?", during: .savingAPhoto)
        try done.bind([.text(row.fileName)])
        _ = try done.step()
        return id
    }

    /// Every photo, in the order they were added.
    func allRows() throws(LibraryError) -> [Row] {
        try rows("SELECT \(columns) FROM photos ORDER BY id", [], during: .readingLibrary)
    }

    func row(withID id: Int64) throws(LibraryError) -> Row? {
        try rows("SELECT \(columns) FROM photos WHERE id = ?", [.integer(id)], during: .readingAPhoto).first
    }

    func row(withHash sha256: String) throws(LibraryError) -> Row? {
        try rows("SELECT \(columns) FROM photos WHERE sha256 = ?", [.text(sha256)], during: .lookingForDuplicate)
            .first
    }

    /// Photos whose label holds every word of the folded text, in the order they were added.
    func rows(matching foldedText: String) throws(LibraryError) -> [Row] {
        let (condition, values) = SearchCondition.matching(foldedText, namesIndexed: namesAreIndexed)
        return try rows("SELECT \(columns) FROM photos WHERE \(condition) ORDER BY id", values,
                        during: .searchingLabels)
    }

    /// The IDs of the photos in this order, only those whose label contains the folded text when
    /// there is one.
    func ids(in order: PhotoOrder, matching foldedText: String?) throws(LibraryError) -> [Int64] {
        var sql = "SELECT id FROM photos"
        var values: [SQLiteValue] = []
        if let foldedText {
            let (condition, words) = SearchCondition.matching(foldedText, namesIndexed: namesAreIndexed)
            sql += " WHERE \(condition)"
            values += words
        }
        let statement = try connection.prepare(sql + " ORDER BY \(order.sqlOrdering)", during: .listingPhotos)
        try statement.bind(values)
        var ids: [Int64] = []
        while try statement.step() {
            ids.append(statement.integer(at: 0))
        }
        return ids
    }

    /// The rows with these IDs, in the order of the IDs given; IDs with no row are left out.
    func rows(withIDs ids: [Int64]) throws(LibraryError) -> [Row] {
        guard !ids.isEmpty else { return [] }
        let list = ids.map(String.init).joined(separator: ",")
        let found = try rows("SELECT \(columns) FROM photos WHERE id IN (\(list))", [], during: .readingPhotos)
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Deletes the rows and, in the same transaction, marks their files as about to go, so a crash
    /// before they reach the Trash is finished at the next start. Returns the rows as they were
    /// when deleted, read in that transaction, so an undo brings back what another process saved.
    func deleteRows(withIDs ids: [Int64]) throws(LibraryError) -> [Row] {
        try connection.inTransaction(during: .removingPhotos) { () throws(LibraryError) in
            var deleted: [Row] = []
            for row in try rows(withIDs: ids) {
                let statement = try connection.prepare("DELETE FROM photos WHERE id = ?", during: .removingAPhoto)
                try statement.bind([.integer(row.id)])
                _ = try statement.step()
                guard sqlite3_changes(connection.handle) > 0 else { continue }
                let pending = try connection.prepare("INSERT OR IGNORE INTO pending_files (file_name) VALUES (?)",
                                                     during: .removingAPhoto)
                try pending.bind([.text(row.fileName)])
                _ = try pending.step()
                deleted.append(row)
            }
            return deleted
        }
    }

    func change(_ sql: String, _ values: [SQLiteValue], during operation: LibraryOperation) throws(LibraryError) -> Bool {
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            let statement = try connection.prepare(sql, during: operation)
            try statement.bind(values)
            _ = try statement.step()
            return sqlite3_changes(connection.handle) > 0
        }
    }

    func rows(_ sql: String, _ values: [SQLiteValue], during operation: LibraryOperation) throws(LibraryError) -> [Row] {
        let statement = try connection.prepare(sql, during: operation)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(reading: statement))
        }
        return rows
    }
}
