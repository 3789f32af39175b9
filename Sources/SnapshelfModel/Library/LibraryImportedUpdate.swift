// Giving a photo the library already held what an import brings for it and it lacks, as when
// Snapshelf was tried on a folder before the import from Shotwell: a label where the photo has
// none, a turn where it has no rotation. A label or rotation given in Snapshelf is never replaced.
// It goes through relabel and rotate, so the sidecar is written as for any change.
import Foundation

extension Library {
    /// Gives the photo `label` where it has none, and turns it `degrees` where it has no rotation;
    /// nil when it took neither.
    func complete(_ photo: Photo, label: Label?, degrees: Int) throws(LibraryError) -> ImportedUpdate? {
        let newLabel = photo.label.isEmpty ? label.flatMap { $0.text.isEmpty ? nil : $0 } : nil
        let turn = photo.rotation == 0 ? degrees % 360 : 0
        guard newLabel != nil || turn != 0 else { return nil }
        var labelUndo: LabelUndo?
        if let newLabel {
            labelUndo = try relabel(photosWithIDs: [photo.id], as: newLabel)
        }
        let rotationUndo = turn == 0 ? nil : try rotate(photosWithIDs: [photo.id], by: turn)
        return ImportedUpdate(label: labelUndo, rotation: rotationUndo)
    }
}
