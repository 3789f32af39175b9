// The grid as a screen reader meets it, read over AT-SPI from another process: every cell, the
// object that takes the keyboard focus, is named by its photo's label, and follows a relabel.
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class GridAccessibilityTests: AppTestCase, @unchecked Sendable {
    private let labels = ["Lake at dawn", "", "Hill <b>walk</b>", "Ümlaut & émoji 🦎", "Lake at dawn"]

    /// The grid's cells, each with what is inside it, from the tree a screen reader reads now.
    @MainActor
    private func readGrid() throws -> (grid: AccessibleNode, cells: [AccessibleNode]) {
        let grids = try AccessibleTree.read().flatMap(\.subtree).filter { $0.role == "table" && $0.name == "Photos" }
        XCTAssertEqual(grids.count, 1, "one grid named Photos in the window")
        let grid = try XCTUnwrap(grids.first)
        return (grid, grid.children.filter { $0.role == "table cell" })
    }

    /// Waits until the tiles are bound and the after-paint pass has named their cells.
    @MainActor
    private func waitForNamedCells(in window: LibraryWindow) throws {
        try waitUntil("the cells were never named") {
            window.grid.boundTiles.count == window.store.count
                && window.grid.boundTiles.allSatisfy { !$0.accessibleNameIsStale }
        }
    }

    func testEveryCellIsNamedByItsPhotosLabelAndFollowsARelabel() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            try waitForNamedCells(in: window)
            let (grid, cells) = try readGrid()
            XCTAssertEqual(cells.count, labels.count, "a cell for each photo shown: \(grid.children.map(\.role))")
            XCTAssertEqual(cells.map(\.name).sorted(), labels.map { $0.isEmpty ? "Unlabelled photo" : $0 }.sorted())
            XCTAssertTrue(cells.allSatisfy(\.focusable), "the cells are what takes the keyboard focus")
            let focusable = grid.subtree.filter(\.focusable)
            XCTAssertEqual(focusable.filter(\.isNamedAfterAGtkType).map(\.name), [], "nothing focusable says its GTK type")
            XCTAssertFalse(grid.subtree.contains { $0.name == "GtkListItemWidget" })

            // Relabelled the way the window does it: through the library, then a refresh.
            let photo = try XCTUnwrap(window.store.photo(at: 1))
            try window.store.library.relabel(photoWithID: photo.id, as: try SnapshelfModel.Label("Found at last"))
            try window.store.refresh()
            try waitUntil { window.grid.boundTiles.contains { $0.labelText == "Found at last" } }
            try waitForNamedCells(in: window)
            let relabelled = try readGrid().cells.map(\.name)
            XCTAssertEqual(relabelled.count, labels.count)
            XCTAssertTrue(relabelled.contains("Found at last"), "\(relabelled)")
            XCTAssertFalse(relabelled.contains("Unlabelled photo"), "the old name is gone: \(relabelled)")
        }
    }
}
