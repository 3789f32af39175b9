// The pool's decoders as processes that come and go: none until a file needs one, each gone, and
// reaped, once idle for the pool's limit; a request that meets a decoder just as it ends is still
// served; and however often decoders end and start, no more than the pool's capacity run at once.
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest

final class DecoderLifetimeTests: XCTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    /// In this test's decoders' environment only, which tells them from the shared pool's.
    private let poolName = UUID().uuidString
    private var marker: String { "SNAPSHELF_TEST_POOL=\(poolName)" }

    private func pool(capacity: Int, idleSeconds: String) -> DecoderPool {
        var environment = ProcessInfo.processInfo.environment
        environment["SNAPSHELF_DECODER_IDLE"] = idleSeconds
        environment["SNAPSHELF_TEST_POOL"] = poolName
        return DecoderPool(capacity: capacity, decoderEnvironment: environment)
    }

    private func decoders() -> [pid_t] {
        Self.decoders(marked: marker)
    }

    private static func decoders(marked marker: String) -> [pid_t] {
        ProcessEntry.children(of: getpid()).filter { $0.environment.contains(marker + "\0") }.map(\.pid)
    }

    /// Reads the photo's tags, the lightest request.
    private static func readTags(of url: URL, in pool: DecoderPool) throws(DecodingFailure) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        _ = try pool.tags(from: descriptor, path: url.path)
    }

    /// Waits until the process is gone from /proc, reaped, not a zombie; false if it is still there
    /// after `limit`, which is only there so that a decoder that never ends fails the test.
    private func waitForExit(of pid: pid_t, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ProcessEntry(pid) != nil {
            guard ContinuousClock.now < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    func testADecoderStartsForAFileAndEndsOnceIdle() throws {
        let pool = pool(capacity: 2, idleSeconds: "1")
        XCTAssertEqual(decoders(), [], "a decoder ran before any file needed one")
        let image = try pool.image(of: SamplePhotos.landscape(orientation: 1), fittingIn: 64)
        XCTAssertGreaterThan(image.thumbnail.width, 0)
        let decoder = try XCTUnwrap(decoders().first, "no decoder ran for the file")
        XCTAssertEqual(decoders().count, 1, "one file started more than one decoder")
        // The pool's default limit is 10 s: one that kept it, or glycin's 30 s, overstays this.
        XCTAssertTrue(waitForExit(of: decoder, within: .seconds(8)), "the idle decoder did not end and was not reaped")
        XCTAssertNoThrow(try pool.image(of: SamplePhotos.landscape(orientation: 6), fittingIn: 64), "no decoder came for the next file")
    }

    func testARequestThatMeetsADecoderAsItEndsIsServed() throws {
        // With an idle limit of a few milliseconds, requests come before, as and after each
        // decoder gives up waiting; every one must be answered.
        let pool = pool(capacity: 1, idleSeconds: "0.004")
        let photo = SamplePhotos.cameras[0]
        var failures: [String] = []
        for attempt in 0..<150 {
            do throws(DecodingFailure) {
                try Self.readTags(of: photo, in: pool)
            } catch {
                failures.append("\(attempt): \(error.reason)")
            }
            // Deliberate pauses of 0 to 8 ms, no wait for anything: they put the next request
            // before, at and after the moment the decoder's 4 ms idle limit runs out.
            usleep(UInt32(attempt % 9) * 1_000)
        }
        XCTAssertEqual(failures, [], "requests failed when they met a decoder that was ending")
    }

    func testNoMoreDecodersRunThanTheCapacityWhileTheyComeAndGo() throws {
        let pool = pool(capacity: 2, idleSeconds: "0.01")
        let photos = (1...8).map { SamplePhotos.landscape(orientation: $0) }
        let most = Mutex(0)
        let done = Atomic(false)
        let marker = marker
        let watcher = Thread {
            while !done.load(ordering: .relaxed) {
                let running = Self.decoders(marked: marker).count
                most.withLock { $0 = max($0, running) }
                usleep(2_000)
            }
        }
        watcher.start()
        let failures = Mutex<[String]>([])
        // Threads of their own, more than the pool's capacity and the machine's cores.
        let askers = (0..<6).map { index in
            Thread {
                for round in 0..<8 {
                    do throws(DecodingFailure) {
                        try Self.readTags(of: photos[(index + round) % photos.count], in: pool)
                    } catch {
                        failures.withLock { $0.append("\(index).\(round): \(error.reason)") }
                    }
                    // Deliberate pauses growing to 21 ms, past the 10 ms idle limit, so that
                    // decoders end and start again while the other threads ask.
                    usleep(UInt32(round) * 3_000)
                }
            }
        }
        askers.forEach { $0.start() }
        while askers.contains(where: { !$0.isFinished }) { usleep(10_000) }
        done.store(true, ordering: .relaxed)
        while !watcher.isFinished { usleep(10_000) }
        XCTAssertEqual(failures.withLock { $0 }, [], "requests failed while decoders came and went")
        XCTAssertEqual(pool.mostAtOnce, 2, "the requests never went to two decoders at once")
        XCTAssertLessThanOrEqual(most.withLock { $0 }, 2, "more decoders ran at once than the pool's capacity")
    }
}
