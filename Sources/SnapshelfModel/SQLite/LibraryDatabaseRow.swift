// A photo as the library database stores it, before the library turns it into a `Photo`.
import Foundation

extension LibraryDatabase {
    /// A row as stored; the file name is relative to the library's photo folder.
    struct Row: Equatable {
        let id: Int64
        let label: String
        let fileName: String
        /// The name the original had, byte for byte.
        let originalFileName: FileName
        let addedMilliseconds: Int64
        let width: Int
        let height: Int
        let sha256: String
        /// Nil for photos imported before dates taken were recorded; they sort by the date added.
        var taken: TakenDate?
        /// Clockwise, in degrees: 0, 90, 180 or 270, on top of the EXIF orientation.
        var rotation: Int = 0
        /// The camera's make and model, '' when the photo names none, nil when not read yet.
        var camera: String?

        /// The row a statement selecting `LibraryDatabase.columns` stands on.
        init(reading statement: SQLiteStatement) {
            self.init(
                id: statement.integer(at: 0), label: statement.text(at: 1), fileName: statement.text(at: 2),
                originalName: Self.originalName(statement.text(at: 3), bytes: statement.isNull(at: 11) ? nil : statement.text(at: 11)),
                addedMilliseconds: statement.integer(at: 4),
                width: Int(statement.integer(at: 5)), height: Int(statement.integer(at: 6)), sha256: statement.text(at: 7),
                taken: Self.taken(statement),
                rotation: Int(statement.integer(at: 9)), camera: statement.isNull(at: 10) ? nil : statement.text(at: 10)
            )
        }

        /// The date taken; a read-only database from before clocks were kept has only the moment.
        private static func taken(_ statement: SQLiteStatement) -> TakenDate? {
            guard !statement.isNull(at: 8) else { return nil }
            let instant = statement.integer(at: 8)
            guard !statement.isNull(at: 12) else { return TakenDate(legacyMilliseconds: instant) }
            return TakenDate(clockMilliseconds: statement.integer(at: 12),
                             offsetMinutes: statement.isNull(at: 13) ? nil : Int(statement.integer(at: 13)), instantMilliseconds: instant)
        }

        init(id: Int64, label: String, fileName: String, originalName: FileName, addedMilliseconds: Int64, width: Int,
             height: Int, sha256: String, taken: TakenDate?, rotation: Int = 0, camera: String? = nil) {
            (self.id, self.label, self.fileName, originalFileName) = (id, label, fileName, originalName)
            (self.addedMilliseconds, self.width, self.height) = (addedMilliseconds, width, height)
            (self.sha256, self.taken, self.rotation, self.camera) = (sha256, taken, rotation, camera)
        }

        /// The original name as text, U+FFFD standing for bytes that are not UTF-8: what searches match.
        var originalName: String { originalFileName.text }

        /// The name from its text and, for one that is not UTF-8, its percent-encoded bytes.
        private static func originalName(_ text: String, bytes: String?) -> FileName {
            bytes.flatMap(FileName.init(percentEncoded:)) ?? FileName(text)
        }
    }
}
