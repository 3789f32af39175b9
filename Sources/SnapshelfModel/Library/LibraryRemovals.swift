// Removing photos from a library: the rows go at once, in one transaction, and the files wait
// until the removal's undo runs out; then they go to the Trash, and a photo the Trash will not
// take is put back, since its copy and sidecar are never deleted.
import Foundation

extension Library {
    /// Removes the photo's row, then moves the library's copy to the Trash. Returns the removed
    /// photo, or nil when there was none with that ID. When the Trash cannot take the copy, the
    /// photo is put back as it was, and the error says so.
    public func remove(photoWithID id: Int64) throws(LibraryError) -> Photo? {
        let removal = try remove(photosWithIDs: [id])
        if let failure = try complete(removal).first {
            throw .trashRefused(failure, photoID: id)
        }
        return removal.photos.first
    }

    /// Takes the photos out of the library in one transaction, leaving their files in place until
    /// `complete` or `undo`. IDs with no photo are left out of the removal.
    public func remove(photosWithIDs ids: [Int64]) throws(LibraryError) -> Removal {
        try requireWritable(.removingPhotos)
        // Checked before any row goes: a removal whose files cannot be moved must not start.
        try files.requireUsable()
        let rows = try database.deleteRows(withIDs: ids)
        return Removal(photos: rows.map(photo(from:)), rows: rows)
    }

    /// Puts the removed photos back as they were, in one transaction.
    public func undo(_ removal: Removal) throws(LibraryError) {
        try requireWritable(.restoringPhotos)
        try database.restore(removal.rows)
        try database.keep(histories: removal.histories.map { ($0.key, $0.value) })
        try files.exclusively(or: \.libraryError) { () throws(LibraryError) in try sidecars.write(removal.rows.map(\.id)) }
    }

    /// Moves the removed photos' files to the Trash, unless a photo imported since uses one. A
    /// photo whose file the Trash will not take is put back in the library instead, since its
    /// copy is never deleted; those come back, each with the reason.
    public func complete(_ removal: Removal) throws(LibraryError) -> [TrashFailure] {
        try requireWritable(.removingPhotos)
        try files.requireUsable()
        return try files.exclusively(or: \.libraryError) { () throws(LibraryError) in
            do throws(LibraryError) {
                try recordRemovals(of: removal.rows.map(\.fileName))
            } catch {
                // Nothing has left: the photos come back as they were, rather than wait unseen.
                try database.restore(removal.rows)
                throw error
            }
            var failures: [TrashFailure] = []
            for (row, photo) in zip(removal.rows, removal.photos) {
                let url = files.url(forFileNamed: row.fileName)
                if try !database.isReferenced(row.fileName) && FileManager.default.fileExists(atPath: url.path) {
                    // Under its original name, the sidecar beside it, so the person knows it in the Trash.
                    do throws(Trash.Failure) {
                        try NamedTrash(files: files).move(fileNamed: row.fileName, of: photo)
                    } catch {
                        failures.append(putBack(row, photo, reason: error.reason))
                        continue
                    }
                }
                try database.clearPending(row.fileName)
            }
            return failures
        }
    }

    /// Tells the computers a shared library's removals are made with what this one knew of each
    /// photo, before the files leave, so that each can tell whether a change it made outlives
    /// the removal (see `RemovalRecord`). Only for copies no photo uses, whose sidecars are there
    /// to describe them.
    func recordRemovals(of names: [String]) throws(LibraryError) {
        guard isShared else { return }
        var records: [RemovalRecord] = []
        for name in names where try !database.isReferenced(name) {
            if let sidecar = try? Sidecar(reading: files.sidecarURL(forFileNamed: name)) {
                records.append(RemovalRecord(fileName: name, sidecar: sidecar))
            }
        }
        try ComputerRecords.append(records.map(\.line), of: .removals, in: directory, machine: try database.machineName())
    }

    /// Restores a removed photo whose file stayed, so that it is not left without a row.
    private func putBack(_ row: LibraryDatabase.Row, _ photo: Photo, reason: String?) -> TrashFailure {
        do {
            try database.restore([row])
            try? sidecars.write([row.id])
            return TrashFailure(photo: photo, reason: reason, putBack: nil)
        } catch {
            // Its file stays recorded as in progress: the next start retires it, or keeps it in `removed`.
            return TrashFailure(photo: photo, reason: reason, putBack: error)
        }
    }
}
