// What a rescan does with a photo whose copy went while its sidecar stayed. Syncthing deletes a
// photo removed on another computer one file after the other, in no set order, often seconds
// apart; and where a change made here to the photo's label or rotation met the removal, it
// deletes the copy and keeps the changed sidecar. The remover's record tells the two apart (see
// `RemovalRecord`): where it had seen all the sidecar holds, the removal wins here too; where
// the sidecar holds a change it had not seen, the change wins, and the copy comes back from the
// reserve, to go back to every computer. Until the record arrives, the photo waits as it is.
import Foundation

extension LibraryRescan {
    /// Keeps what computers other than `machine` added to their removal records since the last
    /// look, each computer's last of each photo here (those `isHere` says: in the index, or
    /// arrived in the folder), so a photo that waits finds them without any file being read again.
    func takeInRemovalRecords(except machine: String, of isHere: (String) -> Bool) throws(LibraryError) {
        let library = files.directory.deletingLastPathComponent()
        var found: [(name: String, file: String, line: String)] = []
        let ends = ComputerRecords.forEachLine(of: .removals, in: library, except: machine,
                                               from: try database.recordPositions()) { file, bytes in
            // Only lines of photos here are parsed and kept.
            guard let tab = bytes.firstIndex(of: UInt8(ascii: "\t")), isHere(String(decoding: bytes[..<tab], as: UTF8.self)) else { return }
            let line = String(decoding: bytes, as: UTF8.self)
            if let record = RemovalRecord(line: Substring(line)) { found.append((record.fileName, file, line)) }
        }
        // In the order written, so each computer's last record of a photo is the one kept.
        try database.keep(removalRecords: found)
        try database.setRecordPositions(ends)
    }

    /// The photos among these that were removed, and those put back.
    func settle(_ photos: [(name: String, id: Int64)]) throws(LibraryError) -> (removed: [Int64], putBack: [Int64]) {
        guard !photos.isEmpty else { return ([], []) }
        var removed: [Int64] = [], putBack: [Int64] = []
        for (name, id) in photos {
            let records = try database.removalRecords(of: name).compactMap { RemovalRecord(line: Substring($0)) }
            // A sidecar that cannot be read waits too: it may be half-way through arriving.
            guard !records.isEmpty, let sidecar = try? Sidecar(reading: files.sidecarURL(forFileNamed: name)) else { continue }
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
