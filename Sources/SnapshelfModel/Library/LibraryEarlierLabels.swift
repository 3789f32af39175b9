// A photo's earlier labels, from the index, or from its sidecar where the index has not read
// them yet, as after an upgrade from a Snapshelf that did not keep them.
import Foundation

extension Library {
    /// The labels the photo had before, newest first; none for a photo not in the library.
    public func earlierLabels(ofPhotoWithID id: Int64) throws(LibraryError) -> [EarlierLabel] {
        // Only read: the window asks on the main thread, which must not wait for a write lock.
        let machine = try database.madeMachineName() ?? ""
        if let history = try database.history(ofPhotoWithID: id) {
            return EarlierLabel.list(history, on: machine)
        }
        guard let row = try database.rows(withIDs: [id]).first else { return [] }
        return EarlierLabel.list(sidecarHistory(ofCopyNamed: row.fileName) ?? SidecarHistory(), on: machine)
    }

    /// Hands every photo to `body` in the order they were added, one at a time, with its earlier
    /// labels: `forEachPhoto` for `list --json`.
    public func forEachPhotoWithEarlierLabels(_ body: (Photo, [EarlierLabel]) -> Void) throws(LibraryError) {
        let machine = try database.madeMachineName() ?? ""
        try database.forEachRowWithHistory { row, history in
            let found = history ?? sidecarHistory(ofCopyNamed: row.fileName) ?? SidecarHistory()
            body(photo(from: row), EarlierLabel.list(found, on: machine))
        }
    }

    /// The history in the copy's sidecar; nil where it cannot be read, as when it is missing.
    private func sidecarHistory(ofCopyNamed name: String) -> SidecarHistory? {
        (try? Sidecar(reading: files.sidecarURL(forFileNamed: name)))?.history
    }
}
