// Runs jobs on Dispatch's workers, first come first served, at most a set number at once, so a
// burst of work (a grid's screen of thumbnails) keeps every core busy but never more than that.
// A job not started yet can be called off, as a thumbnail whose tile scrolled out of view.
import Dispatch
import Synchronization

final class WorkQueue: Sendable {
    typealias Job = @Sendable () -> Void

    /// A job waiting for a worker, which the worker skips when it was called off meanwhile.
    final class Ticket: Sendable {
        fileprivate let job: Job
        private let cancelled = Atomic(false)

        fileprivate init(job: @escaping Job) {
            self.job = job
        }

        func cancel() {
            cancelled.store(true, ordering: .relaxed)
        }

        var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    }

    private struct State {
        /// The jobs not taken yet, in order from `next`; those before it were taken and let go.
        var waiting: [Ticket?] = []
        var next = 0
        var running = 0
    }

    private let width: Int
    private let qos: DispatchQoS.QoSClass
    private let state = Mutex(State())

    init(width: Int, qos: DispatchQoS.QoSClass) {
        self.width = max(1, width)
        self.qos = qos
    }

    /// Runs the job once a worker is free and the jobs before it have started.
    @discardableResult
    func add(_ job: @escaping Job) -> Ticket {
        let ticket = Ticket(job: job)
        let needsWorker = state.withLock { state in
            state.waiting.append(ticket)
            guard state.running < width else { return false }
            state.running += 1
            return true
        }
        if needsWorker {
            DispatchQueue.global(qos: qos).async { self.work() }
        }
        return ticket
    }

    /// One worker's run: it takes the jobs in order until none waits.
    private func work() {
        while let ticket = take() {
            if !ticket.isCancelled { ticket.job() }
        }
    }

    private func take() -> Ticket? {
        state.withLock { state in
            guard state.next < state.waiting.count else {
                state.waiting.removeAll(keepingCapacity: true)
                state.next = 0
                state.running -= 1
                return nil
            }
            let ticket = state.waiting[state.next]
            state.waiting[state.next] = nil
            state.next += 1
            // Under a steady stream the list never empties: drop the places taken now and then.
            if state.next >= 1024 && state.next * 2 >= state.waiting.count {
                state.waiting.removeFirst(state.next)
                state.next = 0
            }
            return ticket
        }
    }
}
