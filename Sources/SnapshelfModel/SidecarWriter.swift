// Writes photos' sidecars from their rows and clears the marks the database's triggers left, so
// that sidecar and row agree again after every change, and after a kill at the next open.
import Foundation

struct SidecarWriter {
    let database: LibraryDatabase
    let files: LibraryFiles

    /// Writes the sidecars of these photos as their rows now stand; photos no longer there are
    /// only unmarked. Call it while holding the folder lock, so two writers never cross.
    func write(_ ids: [Int64]) throws(LibraryError) {
        let rows = try database.rows(withIDs: ids)
        for row in rows {
            do {
                try files.writeSidecar(Sidecar(row: row), forFileNamed: row.fileName)
            } catch {
                throw LibraryError(operation: String(format: tr("writing the sidecar %@"), files.sidecarURL(forFileNamed: row.fileName).path),
                                   detail: error.description)
            }
        }
        try database.clearPendingSidecars(ids)
    }

    /// Writes every sidecar still marked, a batch at a time so imports can go on between batches;
    /// returns how many were written.
    @discardableResult
    func writeAllPending() throws(LibraryError) -> Int {
        var written = 0
        // Looked at first without the lock, so opening a library never waits for an import's
        // placing of a file when no sidecar is due, which is nearly always.
        while try !database.pendingSidecars(limit: 1).isEmpty {
            let batch = try files.exclusively { () throws(LibraryError) -> Int in
                let ids = try database.pendingSidecars(limit: 256)
                try write(ids)
                return ids.count
            }
            guard batch > 0 else { return written }
            written += batch
        }
        return written
    }
}
