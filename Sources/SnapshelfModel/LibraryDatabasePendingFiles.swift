// The database's record of files in progress: a copy about to be placed, or a removed photo's
// file waiting for its undo to run out. A crash leaves them recorded, so the next open that finds
// itself alone with the library knows what to finish.
import Foundation

extension LibraryDatabase {
    /// Records a file about to appear or go, before the change that makes it so.
    func markPending(_ fileName: String) throws(LibraryError) {
        _ = try change("INSERT OR IGNORE INTO pending_files (file_name) VALUES (?)", [.text(fileName)],
                       during: tr("recording a file in progress"))
    }

    func pendingFiles() throws(LibraryError) -> [String] {
        let statement = try connection.prepare("SELECT file_name FROM pending_files", during: tr("reading files in progress"))
        var names: [String] = []
        while try statement.step() {
            names.append(statement.text(at: 0))
        }
        return names
    }

    func clearPending(_ fileName: String) throws(LibraryError) {
        _ = try change("DELETE FROM pending_files WHERE file_name = ?", [.text(fileName)], during: tr("finishing a file"))
    }

    func isReferenced(_ fileName: String) throws(LibraryError) -> Bool {
        try !rows("SELECT \(columns) FROM photos WHERE file_name = ?", [.text(fileName)],
                  during: tr("looking for a file's photo")).isEmpty
    }
}
