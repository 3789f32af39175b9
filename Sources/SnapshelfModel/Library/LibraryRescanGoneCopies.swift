// What a rescan does with a photo whose copy went while its sidecar stayed. Syncthing deletes a
// photo removed on another computer one file after the other, in no set order, often seconds
// apart; and where a change made here to the photo's label or rotation met the removal, it
// deletes the copy and keeps the changed sidecar. The remover's record tells the two apart (see
// `RemovalRecord`): where it had seen all the sidecar holds, the removal wins here too; where
// the sidecar holds a change it had not seen, the change wins, and the copy comes back from the
// reserve, to go back to every computer. Until the record arrives, the photo waits as it is.
import Foundation

extension LibraryRescan {
    /// The photos among these that were removed, and those put back.
    func settle(_ photos: [(name: String, id: Int64)]) throws(LibraryError) -> (removed: [Int64], putBack: [Int64]) {
        guard !photos.isEmpty else { return ([], []) }
        let library = files.directory.deletingLastPathComponent()
        let records = RemovalRecord.read(in: library, except: try database.machineName(), names: Set(photos.map(\.name)))
        var removed: [Int64] = [], putBack: [Int64] = []
        for (name, id) in photos {
            // A sidecar that cannot be read waits too: it may be half-way through arriving.
            guard let records = records[name], let sidecar = try? Sidecar(reading: files.sidecarURL(forFileNamed: name)) else { continue }
            if records.contains(where: { $0.covers(sidecar) }) {
                // Syncthing deletes it here too; taken now, it leaves no sidecar without a photo meanwhile.
                unlink(files.sidecarURL(forFileNamed: name).path)
                removed.append(id)
            } else if reserve.restore(files.url(forFileNamed: name)) {
                putBack.append(id)
            }
        }
        return (removed, putBack)
    }
}
