// Turning photos a quarter, a half or three quarters, clockwise. Only the database and each
// photo's sidecar take the rotation; the library's copy is never changed.
import Foundation

extension Library {
    /// Turns the photos `degrees` further clockwise (a negative number turns them the other way),
    /// in one transaction, and writes their sidecars. Returns what undoes it; IDs with no photo are
    /// left out of it.
    public func rotate(photosWithIDs ids: [Int64], by degrees: Int) throws(LibraryError) -> RotationUndo {
        try requireWritable(tr("rotating photos"))
        guard degrees % 90 == 0 else {
            throw LibraryError(operation: tr("rotating photos"),
                               detail: String(format: tr("%ld degrees is not a quarter, half or three-quarter turn"), degrees))
        }
        let rows = try database.rows(withIDs: ids)
        let previous = Dictionary(rows.map { ($0.id, $0.rotation) }, uniquingKeysWith: { first, _ in first })
        try save(previous.mapValues { (($0 + degrees) % 360 + 360) % 360 })
        return RotationUndo(previous: previous)
    }

    /// Gives the photos back the rotations they had before `rotate` turned them.
    public func undo(_ rotation: RotationUndo) throws(LibraryError) {
        try requireWritable(tr("rotating photos"))
        try save(rotation.previous)
    }

    private func save(_ rotations: [Int64: Int]) throws(LibraryError) {
        guard !rotations.isEmpty else { return }
        _ = try database.updateRotations(rotations)
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try sidecars.write(Array(rotations.keys).sorted()) }
    }
}
