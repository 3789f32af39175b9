// The base for tests that each work in a fresh temporary folder, removed when the test ends.
import XCTest

open class FolderTestCase: XCTestCase {
    public private(set) var folder: TemporaryDirectory!

    /// Makes the folder in setUpWithError, which XCTest calls before setUp, so that a subclass's
    /// override of either may use it; skips the test when the sample photos are missing.
    override open func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
        folder = TemporaryDirectory()
    }

    override open func tearDown() {
        folder = nil
        super.tearDown()
    }
}
