// What a sandboxed decoder does to itself before it reads any image: it can gain no privilege,
// its address space and CPU time are capped, and a seccomp filter denies what decoding never
// needs. The filter denies rather than allows (as Flatpak's and glycin's do), because an
// allow-list breaks whenever a new libc or loader makes a call it did not foresee.
import CLinux
import Foundation

enum DecoderLockdown {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The CPU seconds a decoder may spend in its whole life. Each request raises the soft limit
    /// to what it has used plus the decode limit, so one decode can never spin past that; a
    /// decoder near the end of its budget retires and is replaced.
    static let lifetimeCPUSeconds = 3600

    /// Calls that decoding never makes: running programs, new processes, tracing, changing the
    /// file system, reaching the network, and the kernel features sandboxes are escaped through.
    private static let denied = [
        "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
        "creat", "mkdir", "mkdirat", "mknod", "mknodat", "rename", "renameat", "renameat2", "link", "linkat",
        "symlink", "symlinkat", "unlink", "unlinkat", "rmdir", "truncate", "chmod", "fchmod", "fchmodat",
        "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat",
        "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr", "memfd_create",
        "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "keyctl", "add_key", "request_key",
        "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "fanotify_init", "open_by_handle_at",
        "name_to_handle_at", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
        "reboot", "swapon", "swapoff", "acct", "quotactl", "settimeofday", "clock_settime", "personality",
    ]

    /// Locks the calling process down; it cannot be undone.
    static func apply(addressSpaceBytes: Int) throws(Failure) {
        guard snapshelf_forbid_new_privileges() == 0 else { throw Failure(description: "PR_SET_NO_NEW_PRIVS: \(String(cString: strerror(errno)))") }
        var space = rlimit(rlim_cur: rlim_t(addressSpaceBytes), rlim_max: rlim_t(addressSpaceBytes))
        guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space) == 0 else { throw Failure(description: "RLIMIT_AS: \(String(cString: strerror(errno)))") }
        var cpu = rlimit(rlim_cur: rlim_t(lifetimeCPUSeconds), rlim_max: rlim_t(lifetimeCPUSeconds))
        guard setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu) == 0 else { throw Failure(description: "RLIMIT_CPU: \(String(cString: strerror(errno)))") }
        try installFilter()
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

    private static func installFilter() throws(Failure) {
        guard let filter = seccomp_init(SCMP_ACT_ALLOW) else { throw Failure(description: "seccomp_init failed") }
        defer { seccomp_release(filter) }
        let refuse = snapshelf_seccomp_fail_with(EPERM)
        let missing = snapshelf_seccomp_fail_with(ENOSYS)
        var rules: [(String, UInt32, [scmp_arg_cmp])] = denied.map { ($0, refuse, []) }
        // Their arguments are out of a filter's reach: ENOSYS makes libc fall back to clone and openat.
        rules += [("clone3", missing, []), ("openat2", missing, [])]
        // Threads only: a clone without CLONE_THREAD would be a new process.
        rules.append(("clone", refuse, [compare(0, SCMP_CMP_MASKED_EQ, UInt64(CLONE_THREAD), 0)]))
        // Opening for reading only: creating, writing or truncating a file is refused.
        for (call, flags) in [("open", UInt32(1)), ("openat", UInt32(2))] {
            rules.append((call, refuse, [compare(flags, SCMP_CMP_MASKED_EQ, UInt64(O_CREAT), UInt64(O_CREAT))]))
            rules.append((call, refuse, [compare(flags, SCMP_CMP_MASKED_EQ, UInt64(O_TRUNC), UInt64(O_TRUNC))]))
            rules.append((call, refuse, [compare(flags, SCMP_CMP_MASKED_EQ, UInt64(O_ACCMODE), UInt64(O_WRONLY))]))
            rules.append((call, refuse, [compare(flags, SCMP_CMP_MASKED_EQ, UInt64(O_ACCMODE), UInt64(O_RDWR))]))
        }
        // Signals to itself only, as abort() sends.
        let own = UInt64(getpid())
        rules.append(("kill", refuse, [compare(0, SCMP_CMP_NE, own)]))
        rules.append(("tgkill", refuse, [compare(0, SCMP_CMP_NE, own)]))
        rules.append(("tkill", refuse, []))
        // Its own limits only, and of those only the CPU time may change, within the hard limit.
        rules.append(("prlimit64", refuse, [compare(0, SCMP_CMP_NE, 0)]))
        rules.append(("prlimit64", refuse, [compare(1, SCMP_CMP_NE, UInt64(RLIMIT_CPU.rawValue)), compare(2, SCMP_CMP_NE, 0)]))
        rules.append(("setrlimit", refuse, [compare(0, SCMP_CMP_NE, UInt64(RLIMIT_CPU.rawValue))]))
        // Typing into the terminal it was started from.
        rules.append(("ioctl", refuse, [compare(1, SCMP_CMP_MASKED_EQ, 0xFFFF_FFFF, UInt64(TIOCSTI))]))
        for (call, action, comparisons) in rules {
            let number = seccomp_syscall_resolve_name(call)
            // A call this architecture does not have needs no rule.
            guard number != __NR_SCMP_ERROR else { continue }
            let added = comparisons.withUnsafeBufferPointer { array in
                seccomp_rule_add_array(filter, action, number, UInt32(array.count), array.baseAddress)
            }
            guard added == 0 else { throw Failure(description: "seccomp rule for \(call): \(String(cString: strerror(-added)))") }
        }
        let loaded = seccomp_load(filter)
        guard loaded == 0 else { throw Failure(description: "seccomp_load: \(String(cString: strerror(-loaded)))") }
    }

    private static func compare(_ argument: UInt32, _ operation: scmp_compare, _ first: UInt64, _ second: UInt64 = 0) -> scmp_arg_cmp {
        scmp_arg_cmp(arg: argument, op: operation, datum_a: first, datum_b: second)
    }
}
