// A label given to several photos says so while it is typed, and Ctrl+Z gives each photo back
// the label it had.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class LabelUndoTests: AppTestCase, @unchecked Sendable {
    func testALabelForSeveralPhotosSaysSoAndIsUndoneToEachOwnLabel() throws {
        try makeLibrary(labels: ["Lake", "Hill", "", "Kept"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0, 1, 2])
            window.window.activateAction(Command.editLabel.detailedName)
            let dialog = try XCTUnwrap(window.commands.editDialog)
            XCTAssertEqual(dialog.noticeText, "The label you save goes to all 3 selected photos.")
            XCTAssertEqual(dialog.entryText, "", "three different labels are not offered as one")
            dialog.entryWidget.text = "Zoo trip"
            pressEnter(in: dialog.entryWidget)
            XCTAssertEqual((0..<4).compactMap { window.store.photo(at: $0)?.label }, ["Zoo trip", "Zoo trip", "Zoo trip", "Kept"])
            XCTAssertTrue(window.undoNotice.isShown)
            XCTAssertEqual(window.undoNotice.text, "Labelled 3 photos")

            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual((0..<4).compactMap { window.store.photo(at: $0)?.label }, ["Lake", "Hill", "", "Kept"])
            let library = try Library(directory: libraryDirectory)
            XCTAssertEqual(try library.photos().map(\.label), ["Lake", "Hill", "", "Kept"], "the undo did not reach the library")
        }
    }

    func testOnePhotosNewLabelCanBeUndoneInTheViewer() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            window.open(position: 0)
            window.window.activateAction(Command.editLabel.detailedName)
            let dialog = try XCTUnwrap(window.commands.editDialog)
            XCTAssertNil(dialog.noticeText)
            XCTAssertEqual(dialog.entryText, "Lake")
            dialog.entryWidget.text = "Lake at dawn"
            pressEnter(in: dialog.entryWidget)
            XCTAssertEqual(window.viewer.captionText, "Lake at dawn")
            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual(window.viewer.captionText, "Lake")
        }
    }
}
