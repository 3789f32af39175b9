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
}
