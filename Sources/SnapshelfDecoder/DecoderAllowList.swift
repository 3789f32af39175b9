// The system calls a locked-down decoder may make, each with who needs it, found by running every
// installed loader on every kind of file under strace rather than by guessing. Everything else
// kills the decoder, a call libseccomp has never heard of and every call added to the kernel
// later included; a few harmless probes are answered with an error instead. Calls with a
// dangerous mode are allowed only in their harmless ones.
import CLinux
import Foundation

enum DecoderAllowList {
    /// A call allowed where any of its rules holds (always, where it has none); a rule holds where
    /// all its comparisons do.
    struct Call {
        let name: String
        /// Which loader, library or part of Snapshelf makes it, and what for.
        let neededBy: String
        let rules: [[scmp_arg_cmp]]

        init(_ name: String, _ neededBy: String, where rules: [[scmp_arg_cmp]] = []) {
            self.name = name
            self.neededBy = neededBy
            self.rules = rules
        }
    }

    /// A call refused with an error the caller copes with, rather than killing the decoder.
    struct Probe {
        let name: String
        let error: Int32
        let neededBy: String
    }

    static let calls: [Call] = [
        // Reading the image and speaking to the app, on the descriptors the decoder was given.
        Call("pread64", "PixbufDecoding and EmbeddedOrientation: reading the image by position"),
        Call("read", "every loader: reading what it was given, such as its stderr pipe at a crash"),
        Call("recvmsg", "DecoderWire: a request, with the image's descriptor"),
        Call("recvfrom", "DecoderWire: the rest of a request"),
        Call("sendto", "DecoderWire: an answer and its pixels"),
        Call("write", "GLib's and the loaders' last words on stderr"),
        Call("writev", "glibc's fatal messages on stderr, such as malloc's on a corrupt heap"),
        Call("poll", "DecoderWire: waiting for a request until the idle limit"),
        Call("ppoll", "DecoderWire: the same wait, where glibc's poll is ppoll, as on arm64"),
        Call("newfstatat", "glibc's fstat, for the image's size (MappedFile, ByteWindow); xdgmime's check that the MIME cache is unchanged"),
        Call("close", "the decoder closing each image it was passed"),
        Call("fcntl", "glibc's stdio and GLib: reading or setting a descriptor's flags, never O_ASYNC, O_DIRECT or an owner", where: [
            [equal(1, F_GETFL)], [equal(1, F_GETFD)], [equal(1, F_SETFD)],
            [equal(1, F_SETFL), masked(2, UInt64(O_ASYNC | SNAPSHELF_O_DIRECT), 0)],
        ]),
        // Memory, never made executable once locked down: no code can be loaded or written.
        Call("brk", "glibc's malloc growing its heap"),
        Call("mmap", "glibc's malloc, pixel buffers, thread stacks and the mapping Exiv2 reads; never executable",
             where: [[masked(2, UInt64(PROT_EXEC), 0)]]),
        Call("mprotect", "glibc's malloc arenas and thread stacks; never executable", where: [[masked(2, UInt64(PROT_EXEC), 0)]]),
        Call("munmap", "glibc's free, pixel buffers and the mapping Exiv2 read"),
        Call("mremap", "glibc's realloc of a large block, as loaders grow their buffers"),
        Call("madvise", "glibc giving back the memory of a free arena or an ended thread's stack, with ordinary advice only",
             where: Self.ordinaryAdvice.map { [equal(2, $0)] }),
        // Threads of its own, as dav1d (AVIF), libde265 (HEIF) and librsvg's Pango start, and their locks.
        Call("clone", "the AVIF, HEIF and SVG loaders' threads; threads only, never a process or a namespace",
             where: [[masked(0, UInt64(CLONE_THREAD) | Self.namespaceFlags, UInt64(CLONE_THREAD))]]),
        Call("set_robust_list", "glibc's start of a thread"),
        Call("rseq", "glibc's start of a thread"),
        Call("futex", "every lock and condition of GLib, glibc and the threaded loaders"),
        Call("sched_getaffinity", "dav1d (AVIF) and libde265 (HEIF): how many threads to start"),
        Call("sched_yield", "librsvg's rayon workers (an SVG with a filter) waiting for each other"),
        Call("prctl", "dav1d and Pango naming their threads (PR_SET_NAME), and nothing else", where: [[equal(0, PR_SET_NAME)]]),
        Call("rt_sigprocmask", "glibc's thread start and GLib: blocking signals on a thread"),
        Call("rt_sigaction", "glibc's first thread: its own cancellation signal's handler; never SIGXCPU's, which ends a spin",
             where: [[notEqual(0, SIGXCPU)]]),
        Call("rt_sigreturn", "the kernel's return from a signal handler"),
        Call("exit", "a loader's thread ending"),
        Call("exit_group", "the decoder ending, when idle, retiring or told to by the app"),
        // Signals to itself only, as abort() sends.
        Call("getpid", "glibc's raise and abort"),
        Call("gettid", "glibc's raise and abort, and GLib's thread names"),
        Call("tgkill", "glibc's raise and abort, to itself only", where: [[equal(0, getpid())]]),
        // Time, randomness, memory and its own limits.
        Call("clock_gettime", "every clock read, where the vDSO falls back to the kernel"),
        Call("gettimeofday", "GLib's wall clock, where the vDSO falls back to the kernel"),
        Call("getrandom", "GLib's hash tables and Swift's hashing"),
        Call("sysinfo", "libtiff (TIFF): the memory there is, for its allocation limit"),
        Call("getrusage", "DecoderLockdown.allowCPU: the CPU time used so far"),
        Call("prlimit64", "DecoderLockdown.allowCPU: its own CPU limit, or reading any of its own limits",
             where: [[equal(0, 0), equal(1, Int32(RLIMIT_CPU.rawValue))], [equal(0, 0), equal(2, 0)]]),
    ]

    static let probes: [Probe] = [
        // Where Landlock is missing, these refuse what it would: a locked-down decoder opens no
        // file by name, not even to read. xdgmime's reload of a changed MIME cache, libheif's
        // plugin folder, gettext's aliases, the XPM loader's temporary file and fontconfig's
        // configuration are tried and given up.
        Probe(name: "openat", error: EACCES, neededBy: "xdgmime, libheif, gettext, the XPM loader and fontconfig (SVG) try to open files"),
        Probe(name: "open", error: EACCES, neededBy: "older callers of open(2) than openat"),
        Probe(name: "access", error: EACCES, neededBy: "fontconfig (SVG) looks for its configuration"),
        Probe(name: "readlink", error: EACCES, neededBy: "fontconfig (SVG) reads /proc/self/exe for its program's name"),
        // Asking whether a descriptor is a terminal or the journal, as GLib's log does before a
        // fatal message: none is.
        Probe(name: "ioctl", error: ENOTTY, neededBy: "isatty in GLib's log writer and glibc's stdio"),
        Probe(name: "getpeername", error: ENOTSOCK, neededBy: "GLib's log writer: whether stderr is the journal, before g_malloc's fatal message"),
        // glibc falls back to clone, whose flags a filter can read.
        Probe(name: "clone3", error: ENOSYS, neededBy: "glibc's pthread_create tries clone3 first"),
    ]

    /// Loads the filter into the calling process and every thread it has; for good.
    static func install() throws(DecoderLockdown.Failure) {
        let filter = try make()
        defer { seccomp_release(filter) }
        let loaded = seccomp_load(filter)
        guard loaded == 0 else { throw DecoderLockdown.Failure(call: "seccomp_load", errno: -loaded) }
    }

    /// The filter, not loaded: the tests read it back.
    static func make() throws(DecoderLockdown.Failure) -> scmp_filter_ctx {
        guard let filter = seccomp_init(SCMP_ACT_KILL_PROCESS) else { throw DecoderLockdown.Failure(description: "seccomp_init failed") }
        var rules: [(String, UInt32, [scmp_arg_cmp])] = []
        for call in calls {
            rules += call.rules.isEmpty ? [(call.name, SCMP_ACT_ALLOW, [])] : call.rules.map { (call.name, SCMP_ACT_ALLOW, $0) }
        }
        rules += probes.map { ($0.name, snapshelf_seccomp_fail_with($0.error), []) }
        for (name, action, comparisons) in rules {
            let number = seccomp_syscall_resolve_name(name)
            // A call this architecture lacks, such as open on arm64, resolves to a negative pseudo-number.
            guard number != __NR_SCMP_ERROR, number >= 0 else { continue }
            let added = comparisons.withUnsafeBufferPointer { array in
                seccomp_rule_add_array(filter, action, number, UInt32(array.count), array.baseAddress)
            }
            guard added == 0 else {
                seccomp_release(filter)
                throw DecoderLockdown.Failure(description: "seccomp rule for \(name): \(String(cString: strerror(-added)))")
            }
        }
        return filter
    }

    /// madvise's advice that glibc's malloc and threads give, and loaders might: none that
    /// poisons pages, offlines them or changes what a fork would inherit.
    private static let ordinaryAdvice: [Int32] = [MADV_NORMAL, MADV_RANDOM, MADV_SEQUENTIAL, MADV_WILLNEED, MADV_DONTNEED, 8 /* MADV_FREE */,
                                                  14 /* MADV_HUGEPAGE */, 15 /* MADV_NOHUGEPAGE */]

    /// The clone flags that would give a thread namespaces of its own, which root could otherwise make.
    private static let namespaceFlags: UInt64 = 0x0002_0000 | 0x0200_0000 | 0x0400_0000 | 0x0800_0000 | 0x1000_0000 | 0x2000_0000 | 0x4000_0000

    private static func notEqual(_ argument: UInt32, _ value: Int32) -> scmp_arg_cmp {
        scmp_arg_cmp(arg: argument, op: SCMP_CMP_NE, datum_a: UInt64(UInt32(bitPattern: value)), datum_b: 0)
    }

    private static func equal(_ argument: UInt32, _ value: Int32) -> scmp_arg_cmp {
        scmp_arg_cmp(arg: argument, op: SCMP_CMP_EQ, datum_a: UInt64(UInt32(bitPattern: value)), datum_b: 0)
    }

    /// The argument with `mask` applied equals `value`.
    private static func masked(_ argument: UInt32, _ mask: UInt64, _ value: UInt64) -> scmp_arg_cmp {
        scmp_arg_cmp(arg: argument, op: SCMP_CMP_MASKED_EQ, datum_a: mask, datum_b: value)
    }
}
