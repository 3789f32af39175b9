// This computer's own turns of each photo, as its sidecar writer last gave them: where Syncthing
// keeps another computer's sidecar over this one's, the turns this computer gave are kept here
// still, so a rescan puts them back and the next turn counts on from them, never twice the same.
import Foundation

extension LibraryDatabase {
    /// The photo's turns this computer gave; nil for none.
    func ownTurns(ofPhotoWithID id: Int64) throws(LibraryError) -> SidecarTurns.Entry? {
        let statement = try connection.prepare("SELECT count, degrees FROM own_turns WHERE photo_id = ?", during: .readingChangeRecords)
        try statement.bind([.integer(id)])
        guard try statement.step() else { return nil }
        return SidecarTurns.Entry(count: Int(statement.integer(at: 0)), degrees: Int(statement.integer(at: 1)))
    }

    /// Keeps each photo's turns this computer gave, where they count more than those kept.
    func keep(ownTurns turns: [(id: Int64, turns: SidecarTurns.Entry)]) throws(LibraryError) {
        guard !turns.isEmpty else { return }
        try connection.inTransaction(during: .recordingForOtherComputers) { () throws(LibraryError) in
            let statement = try connection.prepare("""
                INSERT INTO own_turns (photo_id, count, degrees) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM photos WHERE id = ?1)
                ON CONFLICT (photo_id) DO UPDATE SET count = excluded.count, degrees = excluded.degrees WHERE excluded.count > count
                """, during: .recordingForOtherComputers)
            for (id, entry) in turns {
                try statement.bind([.integer(id), .integer(Int64(entry.count)), .integer(Int64(entry.degrees))])
                _ = try statement.step()
                statement.reset()
            }
        }
    }
}
