// Selected tiles side by side: each is a rounded card of its own with an even gap to the next,
// rather than rounded corners meeting and leaving stars of the window's ground between them.
import Foundation
import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

final class SelectedTilesTests: AppTestCase, @unchecked Sendable {
    func testSelectedNeighboursDoNotTouch() throws {
        try makeLibrary(labels: ["one", "two", "three", "four", "five", "six", "seven", "eight"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 8 && window.grid.boundTiles.allSatisfy(\.root.isMapped) }
            try waitUntilSettled(window.grid.view)
            // Each cell, the list item GTK draws the selection on, by its place in the grid.
            let cells = try window.grid.boundTiles.map { tile in
                (position: try XCTUnwrap(tile.photo.flatMap { window.store.position(ofPhotoWithID: $0.id) }),
                 bounds: try XCTUnwrap(tile.root.parent?.bounds(in: window.grid.view)))
            }.sorted { $0.position < $1.position }.map(\.bounds)
            let columns = cells.filter { $0.y == cells[0].y }.count
            XCTAssertGreaterThanOrEqual(columns, 2)
            window.grid.select(positions: [0, 1, columns, columns + 1])
            let across = cells[1].x - (cells[0].x + cells[0].width)
            let down = cells[columns].y - (cells[0].y + cells[0].height)
            XCTAssertGreaterThan(across, 0, "selected tiles side by side touch, their rounded corners leaving gaps")
            XCTAssertGreaterThan(down, 0, "selected tiles one above the other touch")
            XCTAssertEqual(across, down, "the gaps between tiles are even")
        }
    }
}
