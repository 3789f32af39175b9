// An exclusive lock on a folder, held while a connection places or retires one of its files, or
// reads what it holds for a check. flock on the folder itself needs no lock file and no write
// permission, so a read-only library is checked the same way. Each lock opens the folder anew,
// so two connections of one process exclude each other as two processes do.
import Foundation

final class FolderLock {
    private let descriptor: Int32

    /// Nil when the folder cannot be opened; then there is nothing to coordinate with.
    init?(_ folder: URL) {
        descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        close(descriptor)
    }

    func lock() {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
    }
}
