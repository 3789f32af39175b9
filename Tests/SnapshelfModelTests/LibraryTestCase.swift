// The base for tests on a real library: a fresh folder for each test, and candidates read from
// the shared sample photos.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

class LibraryTestCase: XCTestCase {
    private(set) var folder: TemporaryDirectory!
    var directory: URL { folder.url.appendingPathComponent("library") }

    override func setUp() {
        super.setUp()
        folder = TemporaryDirectory()
    }

    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    func candidate(_ url: URL) throws -> PhotoCandidate {
        try PhotoCandidate(inspecting: url, previewSize: 64)
    }
}
