// Coordinates processes that open the same library. Each holds a shared lock while it has the
// library open; only a process that finds itself alone may sweep files left by a crash, since
// another process's import may have placed a file whose row it has not committed yet.
import Foundation

final class LibraryLock {
    private let descriptor: Int32
    /// Whether no other process had the library open when this one opened it.
    let isAlone: Bool

    /// Opens the lock file, creating it when `writable`. A read-only library, such as a backup,
    /// may have no lock file and no way to make one: nobody can change it, so nothing needs
    /// coordinating, and the lock is then only a formality.
    init(directory: URL, writable: Bool) throws(LibraryError) {
        let file = directory.appendingPathComponent("library.lock")
        let path = file.path
        // flock needs no write permission, so a read-only lock file still locks.
        let opened = writable ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            descriptor = -1
            guard writable else {
                isAlone = false
                return
            }
            // Read before anything else runs, which may change errno.
            let code = errno
            let operation = LibraryOperation.openingLockFile(file)
            guard code != ENOSPC && code != EDQUOT else {
                throw SQLiteFailure.diskFull(directory, during: operation)
            }
            throw .system(.errno(code), during: operation)
        }
        let alone = flock(opened, LOCK_EX | LOCK_NB) == 0
        // Another process sweeping or rebuilding holds it alone for a while; not for ever.
        guard alone || Flock.take(opened, LOCK_SH) else {
            let code = errno
            close(opened)
            descriptor = -1
            throw code == EWOULDBLOCK ? .lockFileHeld(file, patience: Flock.patience)
                : .system(.errno(code), during: .openingLockFile(file))
        }
        descriptor = opened
        isAlone = alone
    }

    /// Lets other processes in once the sweep is done.
    func share() {
        if isAlone {
            // Only this process holds it, so turning it shared never waits.
            flock(descriptor, LOCK_SH | LOCK_NB)
        }
    }

    /// Takes the lock alone, if no other process has the library open; false when one has.
    func takeAlone() -> Bool {
        descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    deinit {
        // Closing releases the lock; the kernel does the same for a process that is killed.
        if descriptor >= 0 { close(descriptor) }
    }
}
