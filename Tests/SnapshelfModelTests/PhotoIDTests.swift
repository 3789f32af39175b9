// The one range of photo IDs: the allocator never gives one outside it or one already held, even
// when a sidecar claimed the range's very end.
@testable import SnapshelfModel
import XCTest

final class PhotoIDTests: XCTestCase {
    func testIDsFollowTheLargestWhileThereIsRoom() {
        var ids = PhotoID.Allocator(taken: [1, 2, 5])
        XCTAssertEqual((0..<3).map { _ in ids.take() }, [6, 7, 8])
    }

    func testAtTheEndOfTheRangeTheLowestFreeIDsAreGiven() {
        let last = PhotoID.valid.upperBound
        var ids = PhotoID.Allocator(taken: [1, 3, last - 1, last])
        XCTAssertEqual((0..<3).map { _ in ids.take() }, [2, 4, 5])
        var past = PhotoID.Allocator(taken: [1], after: Int64.max)
        XCTAssertEqual(past.take(), 2)
        var before = PhotoID.Allocator(taken: [last], after: last - 2)
        XCTAssertEqual([before.take(), before.take()], [last - 1, 1])
    }

    func testTheRangeIsWhatAJSONReaderHoldsExactly() {
        XCTAssertFalse(PhotoID.isValid(0))
        XCTAssertFalse(PhotoID.isValid(-1))
        XCTAssertTrue(PhotoID.isValid(9_007_199_254_740_991))
        XCTAssertFalse(PhotoID.isValid(9_007_199_254_740_992))
        XCTAssertEqual(Double(PhotoID.valid.upperBound), 9_007_199_254_740_991)
    }
}
