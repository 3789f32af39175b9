// The window's worker: its jobs run one at a time in the order given, on a connection of its own,
// and every result reaches the main thread through the hop its owner gave, in the same order.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest

/// Stands in for the window's main loop: what the worker hops with waits here until the test,
/// on the main thread, runs it.
private final class MainThreadInbox: Sendable {
    private let pending = Mutex<[@Sendable @MainActor () -> Void]>([])
    private let arrived = DispatchSemaphore(value: 0)

    var hop: ImportWorker.Hop {
        { [self] work in
            pending.withLock { $0.append(work) }
            arrived.signal()
        }
    }

    /// Runs the next `count` pieces of hopped work, waiting for each.
    @MainActor
    func run(_ count: Int) {
        for _ in 0..<count {
            guard arrived.wait(timeout: .now() + 30) == .success else { return XCTFail("the worker never hopped") }
            pending.withLock { $0.removeFirst() }()
        }
    }

    var isEmpty: Bool { pending.withLock { $0.isEmpty } }
}

/// What the hopped results said, in the order they came.
@MainActor
private final class Record {
    var events: [String] = []
}

final class ImportWorkerTests: LibraryTestCase, @unchecked Sendable {
    func testJobsRunInOrderAndTheirResultsReachTheMainThreadInThatOrder() throws {
        let inbox = MainThreadInbox()
        let worker = ImportWorker(directory: directory, hop: inbox.hop)
        let candidate = try candidate(SamplePhotos.cameras[0])
        try MainActor.assumeIsolated {
            let record = Record()
            let label = try Label("Lake")
            worker.perform({ library in try library.add(candidate, label: label).photo.label }, completion: { result in
                XCTAssertTrue(Thread.isMainThread)
                record.events.append("added \((try? result.get()) ?? "nothing")")
            })
            worker.perform({ library in try library.photos().count }, completion: { result in
                record.events.append("counted \((try? result.get()) ?? -1)")
            })
            inbox.run(2)
            XCTAssertEqual(record.events, ["added Lake", "counted 1"])
            XCTAssertTrue(inbox.isEmpty)
        }
    }

    func testAJobThatThrowsHandsOnItsError() {
        let inbox = MainThreadInbox()
        let worker = ImportWorker(directory: directory, hop: inbox.hop)
        MainActor.assumeIsolated {
            let record = Record()
            worker.perform({ _ throws -> Int in throw ImportError(path: "/photos/a.jpg", reason: .file(.empty)) },
                           completion: { result in
                               if case .failure(let error as ImportError) = result { record.events.append(error.fileName) }
                           })
            inbox.run(1)
            XCTAssertEqual(record.events, ["a.jpg"])
        }
    }

    func testABatchRunsAfterTheJobsBeforeItAndReportsEachFileThenItsEnd() throws {
        let inbox = MainThreadInbox()
        let worker = ImportWorker(directory: directory, hop: inbox.hop)
        let first = try candidate(SamplePhotos.cameras[0])
        let rest = Array(SamplePhotos.cameras[1...3])
        try MainActor.assumeIsolated {
            let record = Record()
            let label = try Label("Holiday")
            worker.perform({ library in try library.add(first, label: try Label("First")).photo.id },
                           completion: { _ in record.events.append("saved") })
            worker.run(BatchImport(thumbnails: nil), rest, label: label, keepingFoundTitles: false, progress: { progress in
                record.events.append("\(progress.completed) of \(progress.total)")
            }, finished: { error in
                record.events.append(error.map { "stopped: \($0)" } ?? "finished")
            })
            inbox.run(5)
            XCTAssertEqual(record.events, ["saved", "1 of 3", "2 of 3", "3 of 3", "finished"])
        }
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label).sorted(),
                       ["First", "Holiday", "Holiday", "Holiday"])
    }

    func testABatchWhoseLibraryCannotOpenEndsWithWhyAndImportsNothing() throws {
        try Data("not a library".utf8).write(to: directory)
        let inbox = MainThreadInbox()
        let worker = ImportWorker(directory: directory, hop: inbox.hop)
        try MainActor.assumeIsolated {
            let record = Record()
            worker.run(BatchImport(thumbnails: nil), [SamplePhotos.cameras[0]], label: try Label("x"), keepingFoundTitles: false, progress: { _ in
                record.events.append("progress")
            }, finished: { error in
                record.events.append(error == nil ? "finished" : "stopped")
            })
            inbox.run(1)
            XCTAssertEqual(record.events, ["stopped"])
        }
    }
}
