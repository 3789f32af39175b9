// What the app does with a decoder that breaks the protocol: a layout no loader makes is refused
// before any pixbuf is made of it, and a decoder that stops reading cannot hold the app in the
// kernel (issue 19).
import Foundation
@testable import SnapshelfDecoderWire
import XCTest

final class DecoderWireTests: XCTestCase {
    func testALayoutWhoseNumbersNoLoaderMakesIsRefused() {
        func layout(width: Int, height: Int, rowstride: Int, alpha: Bool = false) -> DecodedLayout {
            DecodedLayout(width: width, height: height, rowstride: rowstride, hasAlpha: alpha, storedWidth: width, storedHeight: height,
                          orientation: 1, format: "png")
        }
        XCTAssertEqual(layout(width: 256, height: 192, rowstride: 768).byteCount, 768 * 192)
        XCTAssertEqual(layout(width: 3, height: 2, rowstride: 12, alpha: true).byteCount, 24)
        // A forged rowstride on a one-row image, which crashed the app at Int32(rowstride).
        XCTAssertNil(layout(width: 1, height: 1, rowstride: 1 << 32).byteCount)
        XCTAssertNil(layout(width: 100, height: 2, rowstride: 100 * 3 + 4096).byteCount)
        XCTAssertNil(layout(width: 100, height: 2, rowstride: 299).byteCount)
        XCTAssertNil(layout(width: 0, height: 2, rowstride: 0).byteCount)
        XCTAssertNil(layout(width: 1 << 31, height: 1, rowstride: 3 << 31).byteCount)
    }

    func testSendingToADecoderThatStopsReadingEndsAtTheDeadline() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends), 0)
        defer { ends.forEach { close($0) } }
        // Far more than the socket's buffers hold, and nobody reads the other end.
        let payload = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 16)
        defer { payload.deallocate() }
        payload.initializeMemory(as: UInt8.self, repeating: 0)
        let started = ContinuousClock.now
        XCTAssertThrowsError(try DecoderWire.send(Data("{}".utf8), payload: UnsafeRawBufferPointer(payload), on: ends[0],
                                                   deadline: .now + .milliseconds(500))) { error in
            guard case DecoderWire.Failure.timedOut = error else { return XCTFail("\(error)") }
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
    }
}
