// Changing labels in the database, each change reading what it replaces inside its own write
// transaction, so that neither the change nor its undo can lose a label another process saved.
import CSQLite
import Foundation

extension LibraryDatabase {
    /// Gives all the photos the label in one transaction; returns the label each had before, by
    /// ID. IDs with no photo are left out.
    func updateLabel(_ label: String, ofPhotosWithIDs ids: [Int64]) throws(LibraryError) -> [Int64: String] {
        try connection.inTransaction(during: .changingLabels) { () throws(LibraryError) in
            let read = try connection.prepare("SELECT label FROM photos WHERE id = ?", during: .changingALabel)
            let statement = try connection.prepare("UPDATE photos SET label = ?, label_key = ? WHERE id = ?",
                                                    during: .changingALabel)
            var previous: [Int64: String] = [:]
            for id in ids where previous[id] == nil {
                try read.bind([.integer(id)])
                defer { read.reset() }
                guard try read.step() else { continue }
                previous[id] = read.text(at: 0)
                try statement.bind([.text(label), .text(SearchKey.folding(label)), .integer(id)])
                _ = try statement.step()
                statement.reset()
            }
            return previous
        }
    }

    /// Gives each photo its label from `previous` in one transaction, only where its label is
    /// still `written`; says which photos got it back and which kept another label or are gone.
    func restoreLabels(_ previous: [Int64: String], whereLabelIs written: String) throws(LibraryError) -> LabelRestoration {
        try connection.inTransaction(during: .restoringLabels) { () throws(LibraryError) in
            let statement = try connection.prepare("UPDATE photos SET label = ?, label_key = ? WHERE id = ? AND label = ?",
                                                   during: .restoringALabel)
            let present = try connection.prepare("SELECT 1 FROM photos WHERE id = ?", during: .restoringALabel)
            var (restored, changed, removed): ([Int64], [Int64], [Int64]) = ([], [], [])
            for (id, label) in previous.sorted(by: { $0.key < $1.key }) {
                try statement.bind([.text(label), .text(SearchKey.folding(label)), .integer(id), .text(written)])
                _ = try statement.step()
                statement.reset()
                if sqlite3_changes(connection.handle) > 0 {
                    restored.append(id)
                    continue
                }
                try present.bind([.integer(id)])
                if try present.step() { changed.append(id) } else { removed.append(id) }
                present.reset()
            }
            return LabelRestoration(restored: restored, changedElsewhere: changed, removedElsewhere: removed)
        }
    }
}
