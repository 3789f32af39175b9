// A thread of this test process as the kernel sees it, in /proc/self/task, for the tests that must
// act at the moment another thread reaches a wait (asleep between its tries at a lock) or ends:
// what a Thread object says comes before the system thread gets there or goes.
import Foundation

struct ThreadTask {
    /// Its kernel thread ID.
    let id: pid_t

    /// The calling thread, which /proc/thread-self names as "PID/task/TID".
    static var current: ThreadTask {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return ThreadTask(id: pid_t(target.split(separator: "/").last ?? "") ?? 0)
    }

    /// Whether it sleeps in nanosleep, as SQLite does between its tries at a locked database and
    /// the library's rescan does while it gives a removal time to finish.
    var isAsleep: Bool {
        (try? String(contentsOfFile: "/proc/self/task/\(id)/wchan", encoding: .utf8))?.hasSuffix("nanosleep") == true
    }

    /// Whether the kernel still has it; once it is gone, whatever its end sets off (a child's
    /// PR_SET_PDEATHSIG) has been sent.
    var exists: Bool {
        access("/proc/self/task/\(id)", F_OK) == 0
    }

    /// Waits until `condition` holds, looking every few milliseconds; false if it still does not
    /// after `limit`, which is only there so that a broken product fails the test, not hangs it.
    static func wait(upTo limit: Duration = .seconds(30), until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            usleep(2_000)
        }
        return true
    }
}
