// flock with a bound on the wait. A lock held for ever, by a stuck or hostile process of the same
// user, would otherwise hang an import or the window in the kernel where nothing can end it; so
// Snapshelf asks without blocking, again and again, and gives up after a while with a message
// that says which file stayed locked. SNAPSHELF_LOCK_TIMEOUT (seconds) changes the bound, as the
// tests of a lock never let go do.
import Foundation

enum Flock {
    /// How long a lock is waited for; a rebuild of a large library holds the library's lock
    /// longer than this, and then the window says so rather than wait.
    static let patience: Duration = {
        let seconds = ProcessInfo.processInfo.environment["SNAPSHELF_LOCK_TIMEOUT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return .seconds(seconds ?? 30)
    }()

    /// Takes the lock (LOCK_EX or LOCK_SH) on the open descriptor; false when it stayed taken
    /// for `patience`, or flock failed otherwise, with errno set.
    static func take(_ descriptor: Int32, _ operation: Int32) -> Bool {
        let deadline = ContinuousClock.now + patience
        var pause: UInt32 = 500
        while true {
            if flock(descriptor, operation | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            guard ContinuousClock.now < deadline else {
                errno = EWOULDBLOCK
                return false
            }
            // Short at first, since Snapshelf's own locks are held for milliseconds.
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }
}
