// The removal records other computers made of photos still in this computer's index (see
// `RemovalRecord`), kept from each rescan's reading of what was added to their files, so that a
// photo whose copy went waits for its record without any file being read again.
import Foundation

extension LibraryDatabase {
    /// Keeps each record, the last of each computer's file for each copy; a photo's go with it.
    func keep(removalRecords records: [(name: String, file: String, line: String)]) throws(LibraryError) {
        try connection.run("""
            INSERT INTO removal_records (name, file, record) VALUES (?, ?, ?)
            ON CONFLICT (name, file) DO UPDATE SET record = excluded.record
            """, forEach: records.map { [.text($0.name), .text($0.file), .text($0.line)] }, during: .readingChangeRecords)
    }

    /// The lines of the removal records kept of the copy.
    func removalRecords(of name: String) throws(LibraryError) -> [String] {
        let statement = try connection.prepare("SELECT record FROM removal_records WHERE name = ?", during: .readingChangeRecords)
        try statement.bind([.text(name)])
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(at: 0)) }
        return lines
    }
}
