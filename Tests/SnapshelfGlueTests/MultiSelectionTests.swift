// The selection over the Swift-backed list model, and its signal through the glue's trampoline,
// without a display.
import SnapshelfGlue
import XCTest

final class MultiSelectionTests: XCTestCase {
    func testSelectingReportsTheChangedRangeAndReadsBackInOrder() {
        MainActor.assumeIsolated {
            let keys: [Int64] = [10, 20, 30, 40]
            let selection = MultiSelection(model: ListModel(count: { keys.count }, key: { keys[$0] }))
            var changed: [Range<Int>] = []
            selection.onSelectionChanged { changed.append($0) }

            selection.select(2, exclusively: false)
            selection.select(0, exclusively: false)
            XCTAssertEqual(selection.selectedPositions, [0, 2])
            XCTAssertEqual(selection.selectedCount, 2)
            XCTAssertTrue(selection.isSelected(2))
            XCTAssertFalse(selection.isSelected(1))
            XCTAssertEqual(changed, [2..<3, 0..<1])

            selection.select(3, exclusively: true)
            XCTAssertEqual(selection.selectedPositions, [3], "an exclusive select leaves only that one")
            selection.selectAll()
            XCTAssertEqual(selection.selectedCount, 4)
            selection.unselectAll()
            XCTAssertEqual(selection.selectedPositions, [])
        }
    }
}
