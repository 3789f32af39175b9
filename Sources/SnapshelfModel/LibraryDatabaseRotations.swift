// What the library database keeps beside each photo's label since version 6: how far the person
// turned it, and the camera that took it.
import CSQLite
import Foundation

extension LibraryDatabase {
    /// Saves the rotations, clockwise degrees by photo ID, in one transaction; returns how many
    /// photos there were.
    func updateRotations(_ rotations: [Int64: Int]) throws(LibraryError) -> Int {
        try connection.inTransaction(during: tr("rotating photos")) { () throws(LibraryError) in
            let statement = try connection.prepare("UPDATE photos SET rotation = ? WHERE id = ?", during: tr("rotating a photo"))
            var changed = 0
            for (id, rotation) in rotations.sorted(by: { $0.key < $1.key }) {
                try statement.bind([.integer(Int64(rotation)), .integer(id)])
                _ = try statement.step()
                changed += Int(sqlite3_changes(connection.handle))
                statement.reset()
            }
            return changed
        }
    }

    /// Saves the cameras these rows hold, in one transaction.
    func setCameras(of rows: [Row]) throws(LibraryError) {
        guard !rows.isEmpty else { return }
        try connection.inTransaction(during: tr("recording the cameras")) { () throws(LibraryError) in
            let statement = try connection.prepare("UPDATE photos SET camera = ? WHERE id = ?", during: tr("recording the cameras"))
            for row in rows {
                try statement.bind([.text(row.camera ?? ""), .integer(row.id)])
                _ = try statement.step()
                statement.reset()
            }
        }
    }
}
