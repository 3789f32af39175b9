// A photo as the library database stores it, before the library turns it into a `Photo`: its
// record, and where the library's copy of it is.
import Foundation

extension LibraryDatabase {
    /// A row as stored: the record's fields read as the row's own (`row.label`).
    @dynamicMemberLookup
    struct Row: Equatable {
        var record: PhotoRecord
        /// The copy's name, relative to the library's photo folder.
        let fileName: String
        let sha256: String

        init(_ record: PhotoRecord, fileName: String, sha256: String) {
            (self.record, self.fileName, self.sha256) = (record, fileName, sha256)
        }

        /// The row a statement selecting `LibraryDatabase.columns` stands on.
        init(reading statement: SQLiteStatement) {
            let record = PhotoRecord(
                id: statement.integer(at: 0), label: statement.text(at: 1),
                originalFileName: Self.originalName(statement.text(at: 3), bytes: statement.isNull(at: 11) ? nil : statement.text(at: 11)),
                addedMilliseconds: statement.integer(at: 4), taken: Self.taken(statement),
                width: Int(statement.integer(at: 5)), height: Int(statement.integer(at: 6)),
                rotation: Int(statement.integer(at: 9)), camera: statement.isNull(at: 10) ? nil : statement.text(at: 10)
            )
            self.init(record, fileName: statement.text(at: 2), sha256: statement.text(at: 7))
        }

        subscript<Value>(dynamicMember field: WritableKeyPath<PhotoRecord, Value>) -> Value {
            get { record[keyPath: field] }
            set { record[keyPath: field] = newValue }
        }

        subscript<Value>(dynamicMember field: KeyPath<PhotoRecord, Value>) -> Value {
            record[keyPath: field]
        }

        /// The date taken; a read-only database from before clocks were kept has only the moment.
        private static func taken(_ statement: SQLiteStatement) -> TakenDate? {
            guard !statement.isNull(at: 8) else { return nil }
            let instant = statement.integer(at: 8)
            guard !statement.isNull(at: 12) else { return TakenDate(legacyMilliseconds: instant) }
            // No clock is set a day or more from UTC: an offset beyond it, as a damaged database
            // may hold, is none, rather than a number that overflows where it is written out.
            let offset = statement.isNull(at: 13) ? nil : Int(statement.integer(at: 13))
            return TakenDate(clockMilliseconds: statement.integer(at: 12),
                             offsetMinutes: offset.flatMap { $0.magnitude < 24 * 60 ? $0 : nil }, instantMilliseconds: instant)
        }

        /// The name from its text and, for one that is not UTF-8, its percent-encoded bytes.
        private static func originalName(_ text: String, bytes: String?) -> FileName {
            bytes.flatMap(FileName.init(percentEncoded:)) ?? FileName(text)
        }
    }
}
