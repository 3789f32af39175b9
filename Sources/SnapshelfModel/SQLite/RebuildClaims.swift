// What a rebuild has read of each copy's sidecar, held in a temporary table of the database being
// built rather than in memory: a row of the photo as the sidecar gives it, and what placing it
// needs (the ID it claims, when it was added, whether it has a label). At a million photos the
// claims take hundreds of megabytes there, on disk, and a few here; the photos' rows are then
// copied across in one statement once each has its ID.
import Foundation

final class RebuildClaims {
    /// What a claim's sidecar gave.
    enum Kind: Int64 {
        case whole = 0, salvaged, unreadable
    }

    /// A claim as placing it and telling of it need it, without its row or its earlier labels.
    struct Claim {
        let sequence: Int64
        let name: String
        let claimedID: Int64?
        let kind: Kind
        /// The original's name the sidecar gives, as shown.
        let original: String?
        /// Why each field a salvaged sidecar refused was refused.
        let problems: [String]
        /// A salvaged sidecar's label, cleaned and shortened for its notes.
        let noteLabel: String
        let labelCut: Bool
        /// Why an unreadable sidecar could not be read; nil when it is missing.
        let unreadableWhy: String?
    }

    /// The row's own columns, as `LibraryDatabase.insertion` lists them, its ID first.
    private static let rowColumns = LibraryDatabase.insertedColumns
    private static let claimColumns = "seq, file_name, claimed_id, kind, original, problems, note_label, label_cut, unreadable_why"
    private let connection: SQLiteConnection
    private let insert: SQLiteStatement
    private(set) var count: Int64 = 0

    init(in database: LibraryDatabase) throws(LibraryError) {
        connection = database.connection
        // Its own small cache: the table is written once in order and read back in a few passes.
        try connection.execute("PRAGMA temp.cache_size = -16384", during: .restoringPhotos)
        try connection.execute("""
            CREATE TEMP TABLE claims (seq INTEGER PRIMARY KEY, claimed_id INTEGER, sort_added INTEGER NOT NULL,
                has_label INTEGER NOT NULL, kind INTEGER NOT NULL, original TEXT, problems TEXT, note_label TEXT NOT NULL,
                label_cut INTEGER NOT NULL, unreadable_why TEXT, history TEXT, dropped INTEGER NOT NULL DEFAULT 0, \(Self.rowColumns))
            """, during: .restoringPhotos)
        insert = try connection.prepare("""
            INSERT INTO temp.claims (claimed_id, sort_added, has_label, kind, original, problems, note_label, label_cut,
                unreadable_why, history, \(Self.rowColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \
            \(Array(repeating: "?", count: Self.rowColumns.split(separator: ",").count).joined(separator: ", ")))
            """, during: .restoringPhotos)
    }

    /// Runs `body`, which adds a batch of claims, in one transaction.
    func adding(_ body: () throws(LibraryError) -> Void) throws(LibraryError) {
        try connection.inTransaction(during: .restoringPhotos, body)
    }

    /// Adds a claim, in the order of the copies' names, with its row's ID left to be given.
    func add(_ row: LibraryDatabase.Row, claimedID: Int64?, sortAdded: Int64, hasLabel: Bool, kind: Kind,
             original: String?, problems: [String], noteLabel: String, labelCut: Bool, unreadableWhy: String?,
             history: String?) throws(LibraryError) {
        var values: [SQLiteValue] = [
            claimedID.map(SQLiteValue.integer) ?? .null, .integer(sortAdded), .integer(hasLabel ? 1 : 0), .integer(kind.rawValue),
            original.map(SQLiteValue.text) ?? .null, problems.isEmpty ? .null : .text(problems.joined(separator: "\u{1E}")),
            .text(noteLabel), .integer(labelCut ? 1 : 0), unreadableWhy.map(SQLiteValue.text) ?? .null,
            history.map(SQLiteValue.text) ?? .null,
        ]
        values += LibraryDatabase.values(of: row, keepingID: false)
        try insert.bind(values)
        _ = try insert.step()
        insert.reset()
        count += 1
    }

    /// Indexes what placing looks up, once every claim is added.
    func finishAdding() throws(LibraryError) {
        try connection.execute("CREATE INDEX temp.claims_sha256 ON claims (sha256)", during: .restoringPhotos)
        try connection.execute("CREATE INDEX temp.claims_claimed ON claims (claimed_id)", during: .restoringPhotos)
    }

    /// The claims that share their content with another, as (sequence, content, has a label,
    /// name), in the order of the content and then of the names.
    func sharingContent(_ body: (Int64, String, Bool, String) -> Void) throws(LibraryError) {
        let statement = try connection.prepare("""
            SELECT seq, sha256, has_label, file_name FROM temp.claims
            WHERE sha256 IN (SELECT sha256 FROM temp.claims GROUP BY sha256 HAVING count(*) > 1) ORDER BY sha256, seq
            """, during: .restoringPhotos)
        while try statement.step() {
            body(statement.integer(at: 0), statement.text(at: 1), statement.integer(at: 2) != 0, statement.text(at: 3))
        }
    }

    func drop(_ sequences: [Int64]) throws(LibraryError) {
        try connection.run("UPDATE temp.claims SET dropped = 1 WHERE seq = ?", forEach: sequences.map { [.integer($0)] }, during: .restoringPhotos)
    }

    /// Gives each claimed ID to the claim of it added first (by name when at the same time), and
    /// returns the largest given.
    func giveClaimedIDs() throws(LibraryError) -> Int64? {
        try connection.execute("""
            UPDATE temp.claims SET id = claimed_id WHERE seq IN (SELECT seq FROM (SELECT seq, row_number()
                OVER (PARTITION BY claimed_id ORDER BY sort_added, file_name) AS rank
                FROM temp.claims WHERE claimed_id IS NOT NULL AND NOT dropped) WHERE rank = 1)
            """, during: .restoringPhotos)
        // Each claim that waits looks its ID's holder up by the ID: through the claimed IDs it
        // would read every claim of that ID, all of them when a crafted folder claims one ID
        // a million times.
        try connection.execute("CREATE INDEX temp.claims_id ON claims (id)", during: .restoringPhotos)
        return try number("SELECT max(id) FROM temp.claims")
    }

    /// Calls `body` with each claim that holds the ID it claims, in the order of the names, then
    /// with each that waits for one, in the order they were added.
    func forEachPlaced(_ body: (Claim) throws(LibraryError) -> Void) throws(LibraryError) {
        try forEach("WHERE NOT dropped AND id IS NOT NULL ORDER BY seq", body)
    }

    func forEachWaiting(_ body: (Claim) throws(LibraryError) -> Void) throws(LibraryError) {
        try forEach("WHERE NOT dropped AND id IS NULL ORDER BY sort_added, file_name", body)
    }

    /// The claim that holds an ID, as its name and original's.
    func holder(of id: Int64) throws(LibraryError) -> (name: String, original: String?)? {
        let statement = try connection.prepare("SELECT file_name, original FROM temp.claims INDEXED BY claims_id WHERE id = ?1 AND claimed_id = ?1 AND NOT dropped",
                                               during: .restoringPhotos)
        try statement.bind([.integer(id)])
        guard try statement.step() else { return nil }
        return (statement.text(at: 0), statement.isNull(at: 1) ? nil : statement.text(at: 1))
    }

    /// Every ID given so far.
    func givenIDs() throws(LibraryError) -> Set<Int64> {
        let statement = try connection.prepare("SELECT id FROM temp.claims WHERE id IS NOT NULL", during: .restoringPhotos)
        var ids: Set<Int64> = []
        while try statement.step() { ids.insert(statement.integer(at: 0)) }
        return ids
    }

    func give(_ ids: [(sequence: Int64, id: Int64)]) throws(LibraryError) {
        try connection.run("UPDATE temp.claims SET id = ? WHERE seq = ?", forEach: ids.map { [.integer($0.id), .integer($0.sequence)] },
                           during: .restoringPhotos)
    }

    /// The photos' rows, into `photos`, with their earlier labels, and which of them have a sidecar
    /// as it should be: whole, with the ID it gives and a camera.
    func copyRows(into database: LibraryDatabase) throws(LibraryError) -> Int {
        // Read in the order of the IDs through their index: sorting the rows whole would hold
        // them in memory, hundreds of megabytes at a million photos.
        try database.fillNew(selecting: "SELECT \(Self.rowColumns) FROM temp.claims WHERE NOT dropped ORDER BY id")
        try connection.execute("""
            DELETE FROM main.pending_sidecars WHERE photo_id IN (SELECT id FROM temp.claims
                WHERE NOT dropped AND kind = \(Kind.whole.rawValue) AND id = claimed_id AND camera IS NOT NULL)
            """, during: .recordingWrittenSidecars)
        try connection.execute("""
            INSERT INTO main.label_histories (photo_id, history)
                SELECT id, history FROM temp.claims WHERE NOT dropped AND history IS NOT NULL
            """, during: .keepingEarlierLabels)
        let photos = Int(try number("SELECT count(*) FROM temp.claims WHERE NOT dropped") ?? 0)
        try connection.execute("DROP TABLE temp.claims", during: .restoringPhotos)
        return photos
    }

    /// The one number a query gives, its statement done before this returns, as dropping the
    /// table needs.
    private func number(_ sql: String) throws(LibraryError) -> Int64? {
        let statement = try connection.prepare(sql, during: .restoringPhotos)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.integer(at: 0)
    }

    private func forEach(_ condition: String, _ body: (Claim) throws(LibraryError) -> Void) throws(LibraryError) {
        let statement = try connection.prepare("SELECT \(Self.claimColumns) FROM temp.claims \(condition)", during: .restoringPhotos)
        while try statement.step() {
            let problems = statement.isNull(at: 5) ? [] : statement.text(at: 5).split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init)
            try body(Claim(sequence: statement.integer(at: 0), name: statement.text(at: 1),
                           claimedID: statement.isNull(at: 2) ? nil : statement.integer(at: 2),
                           kind: Kind(rawValue: statement.integer(at: 3)) ?? .unreadable,
                           original: statement.isNull(at: 4) ? nil : statement.text(at: 4), problems: problems,
                           noteLabel: statement.text(at: 6), labelCut: statement.integer(at: 7) != 0,
                           unreadableWhy: statement.isNull(at: 8) ? nil : statement.text(at: 8)))
        }
    }
}
