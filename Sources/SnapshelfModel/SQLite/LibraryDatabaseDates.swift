// The photos whose dates taken a library from before clocks were kept (schema 10) is to read again
// from their copies, since older Snapshelfs read no offsets and no HEIC's or AVIF's date, and the
// saving of what the copies give.
import Foundation

extension LibraryDatabase {
    /// Which of these photos are marked for their dates to be read again.
    func pendingDates(among ids: [Int64]) throws(LibraryError) -> Set<Int64> {
        let statement = try connection.prepare("SELECT 1 FROM pending_dates WHERE photo_id = ?", during: .readingDatesToReadAgain)
        var due = Set<Int64>()
        for id in ids {
            try statement.bind([.integer(id)])
            if try statement.step() { due.insert(id) }
            statement.reset()
        }
        return due
    }

    /// Saves the dates taken these rows hold and unmarks the photos, in one transaction.
    func setDatesTaken(of rows: [Row], clearing ids: Set<Int64>) throws(LibraryError) {
        let operation = LibraryOperation.recordingDatesTaken
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            let update = try connection.prepare("UPDATE photos SET taken_ms = ?, taken_clock_ms = ?, taken_offset_min = ? WHERE id = ?",
                                                during: operation)
            for row in rows {
                guard let taken = row.taken else { continue }
                try update.bind([.integer(taken.instantMilliseconds), .integer(taken.clockMilliseconds),
                                 taken.offsetMinutes.map { .integer(Int64($0)) } ?? .null, .integer(row.id)])
                _ = try update.step()
                update.reset()
            }
            let unmark = try connection.prepare("DELETE FROM pending_dates WHERE photo_id = ?", during: operation)
            for id in ids {
                try unmark.bind([.integer(id)])
                _ = try unmark.step()
                unmark.reset()
            }
        }
    }
}
