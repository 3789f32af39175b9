// Where the keyboard focus goes must agree with what is highlighted: after the viewer, the photo
// it was on is both selected and focused, so Enter opens that photo again.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class FocusAfterViewingTests: AppTestCase, @unchecked Sendable {
    func testAfterSteppingInTheViewerTheGridFocusesThePhotoItWasOn() throws {
        try makeLibrary(labels: ["one", "two", "three", "four", "five", "six"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 6 }
            window.grid.reveal(position: 0, focusing: true)
            try waitUntil("the first photo never took the focus") { window.grid.focusedPosition == 0 }
            window.window.activateAction(Command.open.detailedName)
            XCTAssertTrue(window.isViewing)
            for _ in 0..<3 {
                window.window.activateAction(Command.next.detailedName)
            }
            XCTAssertEqual(window.viewer.position, 3)
            window.window.activateAction(Command.back.detailedName)
            XCTAssertEqual(window.grid.selectedPositions, [3])
            try waitUntil("the focus stayed where the viewer was opened") { window.grid.focusedPosition == 3 }

            // Enter (and Space) open the focused photo: the one the viewer was on.
            window.grid.view.activateAction(Command.openFocused.detailedName)
            XCTAssertTrue(window.isViewing)
            XCTAssertEqual(window.viewer.photo?.label, "four")
        }
    }

    func testEnterInTheSearchOpensTheFirstMatchAndDownGoesToIt() throws {
        try makeLibrary(labels: ["lake at dawn", "hill", "lake at noon", "lake at dusk"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 4 }
            // A focus left on a tile from before the search must not decide where Down goes.
            window.grid.reveal(position: 3, focusing: true)
            try waitUntil { window.grid.focusedPosition == 3 }
            window.search.search(for: "lake")
            try waitUntil { window.store.count == 3 }
            window.search.entry.activateAction(Command.firstResult.detailedName)
            XCTAssertEqual(window.grid.selectedPositions, [0])
            try waitUntil("Down did not go to the first match") { window.grid.focusedPosition == 0 }

            window.search.search(for: "noon")
            try waitUntil { window.store.count == 1 }
            pressEnter(in: window.search.entry)
            XCTAssertTrue(window.isViewing, "Enter did not open the only match")
            XCTAssertEqual(window.viewer.photo?.label, "lake at noon")
        }
    }

    func testANewSortOrderStartsAtTheTopWithTheFirstPhotoFocused() throws {
        let corpus = library.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let store = try PhotoStore(directory: libraryDirectory)
        for index in 0..<60 {
            let file = corpus.appendingPathComponent("\(index).jpg")
            try (try Data(contentsOf: SamplePhotos.cameras[index % 8]) + Data("\(index)".utf8)).write(to: file)
            _ = try store.library.add(try PhotoCandidate(inspecting: file, previewSize: 32),
                                      label: try SnapshelfModel.Label(String(format: "photo %02d", index * 7 % 60)))
        }
        try onMain {
            let window = try launch()
            try waitUntil { !window.grid.boundTiles.isEmpty }
            window.grid.reveal(position: 59, focusing: true)
            try waitUntil("the last photo never took the focus") { window.grid.focusedPosition == 59 }
            window.window.activateAction(Command.sort.rawValue, with: PhotoOrder.labelAToZ.rawValue)
            try waitUntil("the new order did not start at its first photo") { window.grid.focusedPosition == 0 }
            try waitUntil("the grid stayed scrolled") { window.grid.root.verticalAdjustment.value == 0 }
            XCTAssertEqual(window.store.photo(at: 0)?.label, "photo 00")
        }
    }
}
