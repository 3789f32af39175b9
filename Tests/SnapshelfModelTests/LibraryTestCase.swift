// The base for tests on a real library: a fresh folder for each test, and candidates read from
// the shared sample photos.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

class LibraryTestCase: FolderTestCase {
    var directory: URL { folder.url.appendingPathComponent("library") }

    func candidate(_ url: URL) throws -> PhotoCandidate {
        try PhotoCandidate(inspecting: url, previewSize: 64)
    }

    /// Waits until the clock is past the millisecond given, as a label given then is.
    func waitForTheClock(toPass milliseconds: Int64) {
        let now = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while now() <= milliseconds && ContinuousClock.now < deadline {
            usleep(100)
        }
        XCTAssertGreaterThan(now(), milliseconds, "the clock stands before the label's time")
    }
}
