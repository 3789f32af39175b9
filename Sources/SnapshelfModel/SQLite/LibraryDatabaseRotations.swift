// What the library database keeps beside each photo's label since version 6: how far the person
// turned it, and the camera that took it.
import CSQLite
import Foundation

extension LibraryDatabase {
    /// Turns the photos `degrees` further clockwise, each once, in one write transaction: the turn
    /// adds to the rotation the row holds then, so one another process committed meanwhile is kept.
    /// Returns each photo's rotation after it, by ID; IDs with no photo are left out.
    func turn(_ ids: [Int64], by degrees: Int) throws(LibraryError) -> [Int64: Int] {
        try connection.inTransaction(during: .rotatingPhotos) { () throws(LibraryError) in
            let statement = try connection.prepare(
                "UPDATE photos SET rotation = ((rotation + ?) % 360 + 360) % 360 WHERE id = ? RETURNING rotation",
                during: .rotatingAPhoto)
            var rotations: [Int64: Int] = [:]
            for id in Set(ids).sorted() {
                try statement.bind([.integer(Int64(degrees)), .integer(id)])
                if try statement.step() {
                    rotations[id] = Int(statement.integer(at: 0))
                }
                statement.reset()
            }
            return rotations
        }
    }

    /// Saves the cameras these rows hold, in one transaction.
    func setCameras(of rows: [Row]) throws(LibraryError) {
        guard !rows.isEmpty else { return }
        try connection.inTransaction(during: .recordingCameras) { () throws(LibraryError) in
            let statement = try connection.prepare("UPDATE photos SET camera = ? WHERE id = ?", during: .recordingCameras)
            for row in rows {
                try statement.bind([.text(row.camera ?? ""), .integer(row.id)])
                _ = try statement.step()
                statement.reset()
            }
        }
    }
}
