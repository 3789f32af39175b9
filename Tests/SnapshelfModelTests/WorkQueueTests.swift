// The queue the thumbnails are made on: first come first served, no more at once than its width,
// and a job called off before it starts never runs.
import Dispatch
import Synchronization
import XCTest
@testable import SnapshelfModel

final class WorkQueueTests: XCTestCase {
    /// What the jobs did, in the order they did it.
    private final class Log: Sendable {
        private let events = Mutex<[String]>([])

        func note(_ event: String) {
            events.withLock { $0.append(event) }
        }

        var all: [String] { events.withLock { $0 } }
    }

    func testJobsStartInOrderAndACalledOffOneNeverRuns() {
        let queue = WorkQueue(width: 1, qos: .userInitiated)
        let log = Log()
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        queue.add {
            release.wait()
            log.note("first")
        }
        let calledOff = queue.add { log.note("called off") }
        queue.add { log.note("second") }
        calledOff.cancel()
        queue.add {
            log.note("third")
            done.signal()
        }
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        // With one worker, the job called off would have run before the last one.
        XCTAssertEqual(log.all, ["first", "second", "third"])
        XCTAssertTrue(calledOff.isCancelled)
    }

    func testNoMoreJobsRunAtOnceThanTheWidth() {
        let queue = WorkQueue(width: 2, qos: .userInitiated)
        let log = Log()
        let bothStarted = DispatchGroup()
        let releases = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let done = DispatchSemaphore(value: 0)
        for (index, release) in releases.enumerated() {
            bothStarted.enter()
            queue.add {
                log.note("start \(index)")
                bothStarted.leave()
                release.wait()
                log.note("end \(index)")
            }
        }
        // Both run at once: neither ends before the other has started.
        XCTAssertEqual(bothStarted.wait(timeout: .now() + 10), .success)
        queue.add {
            log.note("start 2")
            done.signal()
        }
        releases[0].signal()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        releases[1].signal()
        let events = log.all
        XCTAssertEqual(Set(events.prefix(2)), ["start 0", "start 1"])
        // The third waited for a worker: the first had to end before it could start.
        XCTAssertEqual(events.dropFirst(2).prefix(2), ["end 0", "start 2"])
    }

    func testAQueueOfManyJobsRunsEachOnce() {
        let queue = WorkQueue(width: 3, qos: .utility)
        let log = Log()
        let done = DispatchGroup()
        for index in 0..<3_000 {
            done.enter()
            queue.add {
                log.note("\(index)")
                done.leave()
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(log.all.count, 3_000)
        XCTAssertEqual(Set(log.all), Set((0..<3_000).map { "\($0)" }))
    }
}
