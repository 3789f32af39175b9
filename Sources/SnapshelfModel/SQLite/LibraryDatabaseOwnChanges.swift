// This computer's last change to each photo, as its change record (see `ChangeRecord`): where
// Syncthing keeps another computer's sidecar over this one's, the label and turns this computer
// gave are kept here still, so a rescan puts them back and the next turn counts on from them,
// never twice the same.
import Foundation

extension LibraryDatabase {
    /// The line of this computer's last change record of the photo; nil for none.
    func ownChange(ofPhotoWithID id: Int64) throws(LibraryError) -> String? {
        let statement = try connection.prepare("SELECT record FROM own_changes WHERE photo_id = ?", during: .readingChangeRecords)
        try statement.bind([.integer(id)])
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Keeps each photo's last change record, in one transaction.
    func keep(ownChanges changes: [(id: Int64, line: String)]) throws(LibraryError) {
        try connection.run("""
            INSERT INTO own_changes (photo_id, record) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM photos WHERE id = ?1)
            ON CONFLICT (photo_id) DO UPDATE SET record = excluded.record
            """, forEach: changes.map { [.integer($0.id), .text($0.line)] }, during: .recordingForOtherComputers)
    }
}
