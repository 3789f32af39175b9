// What a sandboxed decoder does to itself after loading its loaders and before it reads any
// image: it can gain no privilege, no process of its user can trace it or take its descriptors,
// its address space and CPU time are capped, Landlock leaves it no file system, and a seccomp
// allow-list (DecoderAllowList) kills it for any system call decoding does not need.
import CLinux
import Foundation

enum DecoderLockdown {
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(description: String) {
            self.description = description
        }

        init(call: String, errno code: Int32) {
            description = "\(call): \(String(cString: strerror(code)))"
        }
    }

    /// The CPU seconds a decoder may spend in its whole life. Each request raises the soft limit
    /// to what it has used plus the decode limit, so one decode can never spin past that; a
    /// decoder near the end of its budget retires and is replaced. An hour, or less where the app
    /// itself runs under a lower hard limit (`ulimit -t`), which no process may raise.
    static let lifetimeCPUSeconds: Int = {
        var inherited = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &inherited) == 0, inherited.rlim_max != rlim_t.max else { return 3600 }
        return min(3600, Int(clamping: inherited.rlim_max))
    }()

    /// Locks the calling process down; it cannot be undone. Returns the Landlock ABI it used, or
    /// nil where the kernel has none, or `landlock` is false, and the allow-list stands alone.
    @discardableResult
    static func apply(addressSpaceBytes: Int, landlock: Bool = true) throws(Failure) -> Int? {
        guard snapshelf_forbid_new_privileges() == 0 else { throw Failure(call: "PR_SET_NO_NEW_PRIVS", errno: errno) }
        guard snapshelf_set_dumpable(0) == 0 else { throw Failure(call: "PR_SET_DUMPABLE", errno: errno) }
        // Started by root, as the tests in CI are, it keeps the user but none of root's powers.
        guard snapshelf_drop_capabilities() == 0 else { throw Failure(call: "capset", errno: errno) }
        var space = rlimit(rlim_cur: rlim_t(addressSpaceBytes), rlim_max: rlim_t(addressSpaceBytes))
        guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space) == 0 else { throw Failure(call: "RLIMIT_AS", errno: errno) }
        var cpu = rlimit(rlim_cur: rlim_t(lifetimeCPUSeconds), rlim_max: rlim_t(lifetimeCPUSeconds))
        guard setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu) == 0 else { throw Failure(call: "RLIMIT_CPU", errno: errno) }
        // Landlock confines only the thread that asks and those it starts later.
        let threads = threadCount()
        guard threads == 1 else { throw Failure(description: "\(threads) threads running, where Landlock needs one") }
        let abi = landlock ? try Landlock.confineToNothing() : nil
        try DecoderAllowList.install()
        return abi
    }

    /// Sets the soft CPU limit to the time used so far plus `seconds`, within the lifetime's
    /// budget; false when the budget has too little left, so the decoder should retire.
    static func allowCPU(forAnother seconds: Int) -> Bool {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
        guard used + seconds < lifetimeCPUSeconds else { return false }
        var cpu = rlimit(rlim_cur: rlim_t(used + seconds), rlim_max: rlim_t(lifetimeCPUSeconds))
        return setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu) == 0
    }

    private static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count ?? 0
    }
}
