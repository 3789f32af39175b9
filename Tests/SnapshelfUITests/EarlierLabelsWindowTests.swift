// The information panel's earlier labels in the real window: the labels a photo had, newest
// first, each text once, with the computer and time of each; Restore gives one back as a step
// that Undo takes back; and labels given by another connection show once the window picks them
// up. What the sidecar holds is read with exiftool.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class EarlierLabelsWindowTests: AppTestCase, @unchecked Sendable {
    @MainActor
    private func restoreButtons(in window: LibraryWindow) -> [Widget] {
        tree(of: window.info.earlierLabels.root).filter { $0.typeName == "GtkButton" && $0.isVisible && $0.parent?.isVisible == true }
    }

    func testRestoreGivesAnEarlierLabelBackAndUndoTakesItBack() throws {
        try makeLibrary(labels: ["Lake"])
        let library = try Library(directory: libraryDirectory)
        let photo = try XCTUnwrap(try library.photos().first)
        _ = try library.relabel(photoWithID: photo.id, as: try Label("Lake at dawn"))
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            window.info.toggle()
            try waitUntil { window.info.earlierLabels.labels.map(\.label) == ["Lake"] }
            let texts = labelTexts(in: window.info.earlierLabels.root)
            XCTAssertTrue(texts.contains("Earlier Labels"), "\(texts)")
            XCTAssertTrue(texts.contains { $0.hasPrefix("This computer, ") }, "\(texts)")

            // Another connection's change shows, and the label it replaced joins the list.
            _ = try library.relabel(photoWithID: photo.id, as: try Label("Dawn"))
            try waitUntil("the panel never followed") { window.info.earlierLabels.labels.map(\.label) == ["Lake at dawn", "Lake"] }
            XCTAssertEqual(restoreButtons(in: window).count, 2)
            // A screen reader hears which label each button gives back.
            let nodes = try AccessibleTree.read().flatMap(\.subtree)
            for label in ["Lake at dawn", "Lake"] {
                XCTAssertTrue(nodes.contains { $0.role == "push button" && $0.name == "Restore “\(label)”" }, "\(nodes.map(\.name))")
            }

            XCTAssertNotEqual(click(restoreButtons(in: window)[1]), 0)
            try waitUntil { window.store.photo(at: 0)?.label == "Lake" }
            XCTAssertEqual(try library.photos().first?.label, "Lake")
            XCTAssertEqual(try ExifTool.title(of: photo.fileURL.appendingPathExtension("xmp")), "Lake")
            // The label it has now is no earlier one; the one it replaced is.
            XCTAssertEqual(window.info.earlierLabels.labels.map(\.label), ["Dawn", "Lake at dawn"])

            window.window.activateAction(Command.undo.detailedName)
            try waitUntil { window.store.photo(at: 0)?.label == "Dawn" }
            // "Lake" was given twice; it is listed once, as given last.
            try waitUntil { window.info.earlierLabels.labels.map(\.label) == ["Lake", "Lake at dawn"] }
            XCTAssertEqual(try ExifTool.title(of: photo.fileURL.appendingPathExtension("xmp")), "Dawn")
            XCTAssertTrue(try ExifTool.value("XMP-snapshelf:History", of: photo.fileURL.appendingPathExtension("xmp")).contains(" Lake at dawn | "))
        }
    }

    func testTheListIsHiddenForAPhotoWithoutEarlierLabelsAndForSeveral() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        _ = try Library(directory: libraryDirectory).relabel(photoWithID: 1, as: try Label("Lake at dawn"))
        try onMain {
            let window = try launch()
            window.info.toggle()
            let relabelled = try XCTUnwrap((0..<window.store.count).first { window.store.photo(at: $0)?.id == 1 })
            window.grid.select(positions: [relabelled])
            try waitUntil { window.info.earlierLabels.root.isVisible }
            window.grid.select(positions: [1 - relabelled])
            try waitUntil { !window.info.earlierLabels.root.isVisible }
            window.grid.select(positions: [0, 1])
            try waitUntil { window.info.rows.first?.heading == "Selected" }
            XCTAssertFalse(window.info.earlierLabels.root.isVisible)
        }
    }
}
