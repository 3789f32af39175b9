// Starts every decoder from one thread that lives as long as the app. A decoder asks the kernel
// to kill it when its parent goes (PR_SET_PDEATHSIG), and to the kernel the parent is the thread
// that started it: started from one of Dispatch's worker threads, which end when idle, a decoder
// would die idle or in the middle of a file. While decoders run, the app is not dumpable.
import CLinux
import Foundation

final class DecoderSpawner: @unchecked Sendable {
    // Unchecked Sendable: `waiting` and `running` are only touched under `condition`.

    static let shared = DecoderSpawner()

    private let condition = NSCondition()
    private var waiting: [() -> Void] = []
    /// Decoders started and not yet reaped, across every pool.
    private var running = 0

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "decoder-spawner"
        thread.start()
    }

    /// Runs `start` on the spawner's thread and returns what it gave. While any decoder it
    /// started lives, the app is not dumpable: no process of the person's, a decoder that broke
    /// out least of all, can then trace it, read its memory or take its descriptors.
    func start<T, E: Error>(_ start: @escaping () throws(E) -> T) throws(E) -> T {
        var outcome: Result<T, E>?
        let done = DispatchSemaphore(value: 0)
        condition.lock()
        if running == 0 { _ = snapshelf_set_dumpable(0) }
        running += 1
        waiting.append {
            do throws(E) { outcome = .success(try start()) } catch { outcome = .failure(error) }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        switch outcome! {
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
        condition.lock()
        running -= 1
        if running == 0 { _ = snapshelf_set_dumpable(1) }
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            let next = waiting.removeFirst()
            condition.unlock()
            next()
        }
    }
}
