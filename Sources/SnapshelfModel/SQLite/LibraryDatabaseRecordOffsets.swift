// How far this computer has read each computer's changes file (see `ChangeRecord`): a rebuild
// starts afresh, and reads them all again, which changes nothing already taken in.
import Foundation

extension LibraryDatabase {
    /// Where the next reading of each file starts, by its name.
    func recordOffsets() throws(LibraryError) -> [String: Int] {
        let statement = try connection.prepare("SELECT file, offset FROM read_records", during: .readingChangeRecords)
        var offsets: [String: Int] = [:]
        while try statement.step() { offsets[statement.text(at: 0)] = Int(statement.integer(at: 1)) }
        return offsets
    }

    /// Records where the next reading of each file starts, in one transaction.
    func setRecordOffsets(_ offsets: [String: Int]) throws(LibraryError) {
        try connection.inTransaction(during: .readingChangeRecords) { () throws(LibraryError) in
            let statement = try connection.prepare("""
                INSERT INTO read_records (file, offset) VALUES (?, ?) ON CONFLICT (file) DO UPDATE SET offset = excluded.offset
                """, during: .readingChangeRecords)
            for (file, offset) in offsets {
                try statement.bind([.text(file), .integer(Int64(offset))])
                _ = try statement.step()
                statement.reset()
            }
        }
    }
}
