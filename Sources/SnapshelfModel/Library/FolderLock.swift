// An exclusive lock on a folder, held while a connection places or retires one of its files, or
// reads what it holds for a check. flock on the folder itself needs no lock file and no write
// permission, so a read-only library is checked the same way. Each lock opens the folder anew,
// so two connections of one process exclude each other as two processes do. The wait for it is
// bounded (Flock), so a process that never lets go cannot hang Snapshelf.
import Foundation

final class FolderLock: Sendable {
    /// The folder stayed locked by someone else for longer than Snapshelf waits.
    struct Failure: Error {
        let folder: URL

        /// The same, as a fault of the library's.
        var libraryError: LibraryError { .folderLocked(folder, patience: Flock.patience) }
    }

    private let folder: URL
    private let descriptor: Int32

    /// Nil when the folder cannot be opened; then there is nothing to coordinate with.
    init?(_ folder: URL) {
        self.folder = folder
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        close(descriptor)
    }

    func lock() throws(Failure) {
        guard Flock.take(descriptor, LOCK_EX) else { throw Failure(folder: folder) }
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
    }
}
