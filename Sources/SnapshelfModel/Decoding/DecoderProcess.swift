// One sandboxed decoder, seen from the app: the process, the socket to it and its stderr.
// It answers one request at a time. When it dies or overstays a request, it is killed and
// reaped, and how it ended says why the file failed.
import CLinux
import Foundation
import SnapshelfDecoderWire
import Synchronization

final class DecoderProcess: Sendable {
    /// How a decoder ended without answering.
    enum End: Error {
        /// It exited with this status; 0 when it ended for being idle or retiring.
        case exited(Int32)
        case signalled(Int32)
        /// It was still at the request at the deadline, and was killed.
        case timedOut
        /// It answered with something other than a frame.
        case garbled
    }

    let pid: pid_t
    /// What it reads files with.
    let readers: DecoderLaunch.Readers
    /// The kernel's count of OOM kills when the decoder started, read once rather than per
    /// request: a SIGKILL with the count grown since was most likely the OOM killer's.
    let outOfMemoryKillsAtStart = DecoderEnding.outOfMemoryKills()
    private let socket: Int32
    private let errors: Int32
    /// One request at a time uses a decoder, but the pool looks at idle ones from its reaper.
    private let state = Mutex(State())

    private struct State {
        var errorTail: [UInt8] = []
        var isEnded = false
        var endStatus: Int32 = 0
        var idleSince = ContinuousClock.now
    }

    /// The end of what the decoder wrote to stderr, which tells an allocation that failed.
    var errorTail: [UInt8] { state.withLock { $0.errorTail } }

    /// Starts the executable in its decoder mode, with the environment given or else the app's
    /// own, or says why it could not.
    init(executable: String, environment: [String]?, addressSpaceBudget: Int, cpuSeconds: Int,
         idleLimit: Duration, readers: DecoderLaunch.Readers) throws(DecoderSpawnFailure) {
        self.readers = readers
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw DecoderSpawnFailure(errno: errno)
        }
        var pipe: [Int32] = [0, 0]
        guard pipe2(&pipe, O_CLOEXEC) == 0 else {
            let code = errno
            close(ends[0]); close(ends[1])
            throw DecoderSpawnFailure(errno: code)
        }
        // Above the standard descriptors, so moving it to 3 in the child always drops CLOEXEC.
        let childSocket = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[1])
        defer {
            close(childSocket)
            close(pipe[1])
        }
        socket = ends[0]
        errors = pipe[0]
        _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
        let arguments = [executable] + DecoderLaunch.arguments(addressSpaceBudget: addressSpaceBudget, cpuSeconds: cpuSeconds,
                                                               idleLimit: idleLimit, readers: readers)
        let childErrors = pipe[1]
        do throws(DecoderSpawnFailure) {
            pid = try DecoderSpawner.shared.start { () throws(DecoderSpawnFailure) in
                try Self.spawn(executable, arguments, environment: environment, socket: childSocket, errors: childErrors)
            }
        } catch {
            close(socket)
            close(errors)
            throw error
        }
    }

    deinit {
        _ = end(killing: true)
        close(socket)
        close(errors)
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String]?, socket: Int32,
                              errors: Int32) throws(DecoderSpawnFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Nothing of the app's terminal: a hostile decoder could write escape sequences to it.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawn_file_actions_adddup2(&actions, socket, DecoderLaunch.socket)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The worker thread that starts it may block signals, and the app ignores some: the
        // decoder starts with none blocked and every one at its default, so SIGXCPU ends it.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGXFSZ, SIGPIPE, SIGXCPU, SIGSEGV, SIGABRT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result: Int32
        if let environment {
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer { envp.forEach { free($0) } }
            result = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        } else {
            result = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        }
        guard result == 0 else { throw DecoderSpawnFailure(errno: result) }
        return pid
    }

    /// Sends the request with the file, and waits for the reply until the deadline.
    func exchange(_ request: DecoderRequest, passing descriptor: Int32, maximumPayload: Int,
                  deadline: ContinuousClock.Instant) throws(End) -> (DecoderReply, UnsafeMutableRawBufferPointer?) {
        do throws(DecoderWire.Failure) {
            try DecoderWire.send((try? JSONEncoder().encode(request)) ?? Data(), passing: descriptor, on: socket, deadline: deadline)
            let frame = try DecoderWire.receive(on: socket, maximumPayload: maximumPayload, deadline: deadline,
                                                alsoWatching: errors, whileWaiting: { [self] in readErrors() != 0 })
            if let passed = frame.descriptor { close(passed) }
            guard let reply = try? JSONDecoder().decode(DecoderReply.self, from: frame.header) else {
                frame.payload?.deallocate()
                throw DecoderWire.Failure.malformed
            }
            return (reply, frame.payload)
        } catch .timedOut {
            _ = end(killing: true)
            throw .timedOut
        } catch .malformed {
            _ = end(killing: true)
            throw .garbled
        } catch {
            // Closed, or a failing socket: the decoder is gone or going. One that closed its
            // socket but lives on is killed rather than waited for.
            throw end(killing: !hasEnded && !exitsSoon())
        }
    }

    /// Whether an idle decoder has said nothing since its last answer. One that sent more, out of
    /// turn, is not to be trusted with another file; one that closed its socket is ending.
    var isQuiet: Bool {
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 0
    }

    /// When it last answered, for the reaping of a decoder that overstays its idle limit.
    var idleSince: ContinuousClock.Instant {
        get { state.withLock { $0.idleSince } }
        set { state.withLock { $0.idleSince = newValue } }
    }

    /// Kills it, should it still run, and reaps it.
    func stop() {
        _ = end(killing: true)
    }

    /// Whether the decoder ended on its own since its last request: idle, or retired.
    var hasEnded: Bool {
        reap { state in waitpid(pid, &state.endStatus, WNOHANG) == pid }
        return state.withLock { $0.isEnded }
    }

    /// Marks it ended when `wait`, given the state while it has not ended, says it was reaped.
    private func reap(_ wait: (inout State) -> Bool) {
        let reaped = state.withLock { state in
            guard !state.isEnded, wait(&state) else { return false }
            state.isEnded = true
            return true
        }
        if reaped { DecoderSpawner.shared.ended() }
    }

    /// Gives a decoder whose socket just closed a moment to finish dying, as a crash takes.
    private func exitsSoon() -> Bool {
        for _ in 0..<100 {
            if hasEnded { return true }
            usleep(2_000)
        }
        return false
    }

    /// Ends the process, killing it first if asked, reaps it and says how it ended.
    private func end(killing: Bool) -> End {
        reap { state in
            if killing { kill(pid, SIGKILL) }
            while waitpid(pid, &state.endStatus, 0) < 0 && errno == EINTR {}
            return true
        }
        while readErrors() > 0 {}
        let status = state.withLock { $0.endStatus }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Reads what stderr has, keeping its last few kilobytes: the count read, 0 at its end, or
    /// -1 when there is nothing to read now.
    private func readErrors() -> Int {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(errors, &buffer, buffer.count)
        guard count > 0 else { return count }
        state.withLock { state in
            state.errorTail += buffer.prefix(count)
            if state.errorTail.count > 4096 { state.errorTail.removeFirst(state.errorTail.count - 4096) }
        }
        return count
    }
}
