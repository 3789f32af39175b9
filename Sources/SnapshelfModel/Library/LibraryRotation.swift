// Turning photos a quarter, a half or three quarters, clockwise. Only the database and each
// photo's sidecar take the rotation; the library's copy is never changed. A turn adds to the
// rotation the photo has when the write transaction starts, so two processes turning the same
// photo both count, and an undo turns back by as much rather than restoring an old rotation.
import Foundation

extension Library {
    /// Turns the photos `degrees` further clockwise (a negative number turns them the other way),
    /// in one transaction, and writes their sidecars. Returns what undoes it; IDs with no photo are
    /// left out of it.
    public func rotate(photosWithIDs ids: [Int64], by degrees: Int) throws(LibraryError) -> RotationUndo {
        try requireWritable(.rotatingPhotos)
        guard degrees % 90 == 0 else {
            throw .notAQuarterTurn(degrees: degrees)
        }
        let turn = (degrees % 360 + 360) % 360
        return RotationUndo(degrees: turn, rotations: try self.turn(ids, by: turn))
    }

    /// Turns the photos `rotate` turned back by as much, so a turn given since stays.
    public func undo(_ rotation: RotationUndo) throws(LibraryError) {
        try requireWritable(.rotatingPhotos)
        _ = try turn(Array(rotation.rotations.keys), by: 360 - rotation.degrees)
    }

    private func turn(_ ids: [Int64], by degrees: Int) throws(LibraryError) -> [Int64: Int] {
        let rotations = try database.turn(ids, by: degrees)
        guard !rotations.isEmpty else { return [:] }
        // Written from the rows as they stand under the folder lock, after every turn committed
        // before; the turn goes onto what the sidecar holds, which another computer may have
        // changed since the index last looked.
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try sidecars.write(rotations.keys.sorted(), turnedBy: degrees) }
        return rotations
    }
}
