// The database's record of files in progress: a copy about to be placed, or a removed photo's
// file waiting for its undo to run out. A crash leaves them recorded, so the next open that finds
// itself alone with the library knows what to finish.
import Foundation

extension LibraryDatabase {
    /// Records files about to appear, in one transaction, before the change that makes it so.
    func markPending(_ fileNames: [String]) throws(LibraryError) {
        guard !fileNames.isEmpty else { return }
        let operation = LibraryOperation.recordingFileInProgress
        try connection.inTransaction(during: operation) { () throws(LibraryError) in
            let statement = try connection.prepare("INSERT OR IGNORE INTO pending_files (file_name) VALUES (?)", during: operation)
            for name in fileNames {
                try statement.bind([.text(name)])
                _ = try statement.step()
                statement.reset()
            }
        }
    }

    func pendingFiles() throws(LibraryError) -> [String] {
        let statement = try connection.prepare("SELECT file_name FROM pending_files", during: .readingFilesInProgress)
        var names: [String] = []
        while try statement.step() {
            names.append(statement.text(at: 0))
        }
        return names
    }

    func clearPending(_ fileName: String) throws(LibraryError) {
        _ = try change("DELETE FROM pending_files WHERE file_name = ?", [.text(fileName)], during: .finishingAFile)
    }

    func isReferenced(_ fileName: String) throws(LibraryError) -> Bool {
        try !rows("SELECT \(columns) FROM photos WHERE file_name = ?", [.text(fileName)],
                  during: .lookingForFilesPhoto).isEmpty
    }
}
