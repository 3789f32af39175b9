// Changing photos' labels, and undoing such a change without undoing anyone else's: the old
// labels are read in the change's transaction, and each comes back only where the label is still
// the one the change wrote.
import Foundation

extension Library {
    /// Gives the photo a new label; false when there is no photo with that ID.
    @discardableResult
    public func relabel(photoWithID id: Int64, as label: Label) throws(LibraryError) -> Bool {
        try relabel(photosWithIDs: [id], as: label).count > 0
    }

    /// Gives all the photos the same label at once, in one transaction, and writes their sidecars.
    /// Returns what undoes it, which tells how many photos there were; IDs with no photo are left out.
    @discardableResult
    public func relabel(photosWithIDs ids: [Int64], as label: Label) throws(LibraryError) -> LabelUndo {
        try requireWritable(.changingLabels)
        let previous = try database.updateLabel(label.text, ofPhotosWithIDs: ids)
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try sidecars.write(ids) }
        return LabelUndo(label: label.text, previous: previous.filter { $0.value != label.text }, count: previous.count)
    }

    /// Gives each photo `relabel` changed its label from before, in one transaction, but only where
    /// the label is still the one that change wrote: one given since, here or in another process,
    /// is kept, and the restoration says which.
    public func undo(_ relabelling: LabelUndo) throws(LibraryError) -> LabelRestoration {
        try requireWritable(.changingLabels)
        let restoration = try database.restoreLabels(relabelling.previous, whereLabelIs: relabelling.label)
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try sidecars.write(restoration.restored) }
        return restoration
    }
}
