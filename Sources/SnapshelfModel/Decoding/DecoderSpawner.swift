// Starts every decoder from one thread that lives as long as the app. A decoder asks the kernel
// to kill it when its parent goes (PR_SET_PDEATHSIG), and to the kernel the parent is the thread
// that started it: started from one of Dispatch's worker threads, which end when idle, a decoder
// would die idle or in the middle of a file. While decoders run, the app is not dumpable.
import CLinux
import Foundation
import Synchronization

final class DecoderSpawner: Sendable {
    private struct State {
        var waiting: [@Sendable () -> Void] = []
        /// Decoders started and not yet reaped, across every pool.
        var running = 0
    }

    /// What a start gave, handed from the spawner's thread back to the one that asked.
    private final class Handoff<T: Sendable, E: Error>: Sendable {
        let outcome = Mutex<Result<T, E>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    static let shared = DecoderSpawner()

    private let state = Mutex(State())
    /// Signalled once per start waiting, which the spawner's thread sleeps on.
    private let starts = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "decoder-spawner"
        thread.start()
    }

    /// Runs `start` on the spawner's thread and returns what it gave. While any decoder it
    /// started lives, the app is not dumpable: no process of the person's, a decoder that broke
    /// out least of all, can then trace it, read its memory or take its descriptors.
    func start<T: Sendable, E: Error>(_ start: @escaping @Sendable () throws(E) -> T) throws(E) -> T {
        let handoff = Handoff<T, E>()
        state.withLock { state in
            if state.running == 0 { _ = snapshelf_set_dumpable(0) }
            state.running += 1
            state.waiting.append {
                let outcome = Result { () throws(E) in try start() }
                handoff.outcome.withLock { $0 = outcome }
                handoff.done.signal()
            }
        }
        starts.signal()
        handoff.done.wait()
        switch handoff.outcome.withLock({ $0 })! {
        case .success(let value):
            return value
        case .failure(let error):
            ended()
            throw error
        }
    }

    /// Counts a decoder as ended, reaped or never started; the last one makes the app dumpable
    /// again, so a crash of its own leaves a core as usual.
    func ended() {
        state.withLock { state in
            state.running -= 1
            if state.running == 0 { _ = snapshelf_set_dumpable(1) }
        }
    }

    private func serve() {
        while true {
            starts.wait()
            state.withLock { $0.waiting.removeFirst() }()
        }
    }
}
