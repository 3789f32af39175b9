// The base for tests that each work in a fresh temporary folder, removed when the test ends.
import XCTest

open class FolderTestCase: XCTestCase {
    public private(set) var folder: TemporaryDirectory!

    override open func setUp() {
        super.setUp()
        folder = TemporaryDirectory()
    }

    override open func tearDown() {
        folder = nil
        super.tearDown()
    }
}
