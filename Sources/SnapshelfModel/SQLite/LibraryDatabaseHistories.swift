// Each photo's earlier labels, as its sidecar's history holds them, kept in the index so that the
// information panel and `list --json` show them without reading a sidecar. The sidecar stays the
// truth: the index takes its history from every sidecar written, taken in or rebuilt from, and a
// photo whose sidecar has not been read since the index began to keep them is marked, to be read.
import CSQLite
import Foundation

extension LibraryDatabase {
    /// The photo's earlier labels; nil when its sidecar is still to be read for them, or when a
    /// read-only database from before keeps none.
    func history(ofPhotoWithID id: Int64) throws(LibraryError) -> SidecarHistory? {
        guard keepsHistories else { return nil }
        let statement = try connection.prepare("""
            SELECT (SELECT history FROM label_histories WHERE photo_id = ?1),
                   EXISTS (SELECT 1 FROM pending_histories WHERE photo_id = ?1)
            """, during: .readingEarlierLabels)
        try statement.bind([.integer(id)])
        guard try statement.step(), statement.integer(at: 1) == 0 else { return nil }
        return SidecarHistory(text: statement.isNull(at: 0) ? nil : statement.text(at: 0))
    }

    /// Keeps the photos' histories, in one transaction, and unmarks them. Each photo whose
    /// history changed gets an entry in the change log, so that views show its earlier labels
    /// anew; its ID is returned.
    @discardableResult
    func keep(histories: [(id: Int64, history: SidecarHistory)]) throws(LibraryError) -> [Int64] {
        guard keepsHistories, !histories.isEmpty else { return [] }
        return try connection.inTransaction(during: .keepingEarlierLabels) { () throws(LibraryError) in
            try keepInTransaction(histories: histories)
        }
    }

    /// `keep(histories:)` inside a transaction the caller holds.
    func keepInTransaction(histories: [(id: Int64, history: SidecarHistory)]) throws(LibraryError) -> [Int64] {
        guard keepsHistories else { return [] }
        let operation = LibraryOperation.keepingEarlierLabels
        let replacing = try connection.prepare("""
            INSERT INTO label_histories (photo_id, history) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM photos WHERE id = ?1)
            ON CONFLICT (photo_id) DO UPDATE SET history = excluded.history WHERE history IS NOT excluded.history
            """, during: operation)
        let removing = try connection.prepare("DELETE FROM label_histories WHERE photo_id = ?", during: operation)
        let unmarking = try connection.prepare("DELETE FROM pending_histories WHERE photo_id = ?", during: operation)
        let announcing = try connection.prepare("INSERT INTO changes (photo_id, kind) VALUES (?, 1)", during: operation)
        var changed: [Int64] = []
        for (id, history) in histories {
            let statement = history.text == nil ? removing : replacing
            try statement.bind(history.text.map { [.integer(id), .text($0)] } ?? [.integer(id)])
            _ = try statement.step()
            statement.reset()
            let wasChanged = sqlite3_changes(connection.handle) > 0
            try unmarking.bind([.integer(id)])
            _ = try unmarking.step()
            unmarking.reset()
            guard wasChanged else { continue }
            try announcing.bind([.integer(id)])
            _ = try announcing.step()
            announcing.reset()
            changed.append(id)
        }
        return changed
    }

    /// Hands every photo to `body` in the order they were added, one row at a time, with its
    /// earlier labels, nil where they are still to be read from its sidecar.
    func forEachRowWithHistory(_ body: (Row, SidecarHistory?) -> Void) throws(LibraryError) {
        guard keepsHistories else {
            try forEachRow { body($0, nil) }
            return
        }
        let statement = try connection.prepare("""
            SELECT \(columns), (SELECT history FROM label_histories WHERE photo_id = photos.id),
                   EXISTS (SELECT 1 FROM pending_histories WHERE photo_id = photos.id)
            FROM photos ORDER BY id
            """, during: .readingLibrary)
        let count = statement.columnCount
        while try statement.step() {
            let history = statement.integer(at: count - 1) != 0 ? nil
                : SidecarHistory(text: statement.isNull(at: count - 2) ? nil : statement.text(at: count - 2))
            body(Row(reading: statement), history)
        }
    }
}
