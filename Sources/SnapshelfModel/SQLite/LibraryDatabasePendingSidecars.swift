// The database's record of the sidecars still to be written: what its triggers mark when a photo
// is saved or changed, and what the library clears once the sidecar is on disk; and the ID a new
// photo will get, so that its sidecar can be written before its row.
import Foundation

extension LibraryDatabase {
    /// The IDs of the photos whose sidecars are to be written, at most `limit` of them.
    func pendingSidecars(limit: Int = Int(Int32.max)) throws(LibraryError) -> [Int64] {
        guard hasSidecars else { return [] }
        let statement = try connection.prepare("SELECT photo_id FROM pending_sidecars ORDER BY photo_id LIMIT ?",
                                               during: .readingSidecarsToWrite)
        try statement.bind([.integer(Int64(limit))])
        var ids: [Int64] = []
        while try statement.step() {
            ids.append(statement.integer(at: 0))
        }
        return ids
    }

    /// The IDs the next `count` new photos get, none of them in `avoiding`: past every ID ever
    /// given, as AUTOINCREMENT counts, so a removed photo waiting for its undo keeps its own; and
    /// where that passes the end of the valid range, the lowest free ones. Stable only while the
    /// folder lock is held, under which every new photo is saved, so its sidecar can be written first.
    func newPhotoIDs(count: Int, avoiding: Set<Int64>) throws(LibraryError) -> [Int64] {
        guard count > 0 else { return [] }
        let statement = try connection.prepare(
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'photos'), 0), coalesce((SELECT max(id) FROM photos), 0))",
            during: .savingAPhoto)
        _ = try statement.step()
        let largest = statement.integer(at: 0)
        if largest < PhotoID.valid.upperBound - Int64(count + avoiding.count) {
            var ids = PhotoID.Allocator(taken: avoiding, after: largest)
            return (0..<count).map { _ in ids.take() }
        }
        // Only a library whose sidecars claimed IDs near the end comes here: it reads every ID once.
        let all = try connection.prepare("SELECT id FROM photos", during: .savingAPhoto)
        var taken = avoiding
        while try all.step() {
            taken.insert(all.integer(at: 0))
        }
        var ids = PhotoID.Allocator(taken: taken, after: largest)
        return (0..<count).map { _ in ids.take() }
    }

    /// Marks the sidecars written from these rows as written, each only where its row is still
    /// the same, and those of photos no longer there, in one transaction.
    func clearPendingSidecars(writtenFrom rows: [Row], gone: [Int64]) throws(LibraryError) {
        guard !rows.isEmpty || !gone.isEmpty else { return }
        try connection.inTransaction(during: .recordingWrittenSidecars) { () throws(LibraryError) in
            let now = try self.rows(withIDs: rows.map(\.id) + gone)
            let unchanged = Set(now.filter(rows.contains).map(\.id))
            let present = Set(now.map(\.id))
            try deleteMarks(rows.map(\.id).filter(unchanged.contains) + gone.filter { !present.contains($0) })
        }
    }

    /// Marks the sidecars as written, in one transaction.
    func clearPendingSidecars(_ ids: [Int64]) throws(LibraryError) {
        guard !ids.isEmpty else { return }
        try connection.inTransaction(during: .recordingWrittenSidecars) { () throws(LibraryError) in try deleteMarks(ids) }
    }

    private func deleteMarks(_ ids: [Int64]) throws(LibraryError) {
        let statement = try connection.prepare("DELETE FROM pending_sidecars WHERE photo_id = ?", during: .recordingWrittenSidecars)
        for id in ids {
            try statement.bind([.integer(id)])
            _ = try statement.step()
            statement.reset()
        }
    }
}
