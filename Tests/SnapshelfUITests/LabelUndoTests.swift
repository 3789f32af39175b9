// A label given to several photos says so while it is typed, and Ctrl+Z gives each photo back
// the label it had in the library when the change was saved, except where another process has
// changed it since, which the window says.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
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
            XCTAssertTrue(window.history.notice.showsStep)
            XCTAssertEqual(window.history.notice.stepText, "Labelled 3 photos")

            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual((0..<4).compactMap { window.store.photo(at: $0)?.label }, ["Lake", "Hill", "", "Kept"])
            let library = try Library(directory: libraryDirectory)
            XCTAssertEqual(try library.photos().map(\.label), ["Lake", "Hill", "", "Kept"], "the undo did not reach the library")
        }
    }

    func testALabelWhoseTabBecameASpaceSaysSoInASentence() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            try label([0], as: "Lake\tat dawn", in: window)
            XCTAssertEqual(window.store.photo(at: 0)?.label, "Lake at dawn")
            XCTAssertEqual(window.notification.text, "In the label, 1 line break or tab became a space.")
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

    func testUndoKeepsALabelAnotherProcessGaveSinceAndSaysSo() throws {
        try makeLibrary(labels: ["Lake", "Hill", "", "Kept"])
        try onMain {
            let window = try launch()
            try label([0, 1, 2], as: "Zoo trip", in: window)
            let elsewhere = try Library(directory: libraryDirectory)
            try elsewhere.relabel(photoWithID: try XCTUnwrap(window.store.photo(at: 1)).id, as: try Label("Hill at dusk"))
            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual(try elsewhere.photos().map(\.label), ["Lake", "Hill at dusk", "", "Kept"])
            XCTAssertEqual((0..<4).compactMap { window.store.photo(at: $0)?.label }, ["Lake", "Hill at dusk", "", "Kept"])
            XCTAssertTrue(window.notification.isShown)
            XCTAssertEqual(window.notification.text, "1 photo was not restored: its label was changed elsewhere meanwhile.")
        }
    }

    func testUndoGivesBackTheLabelTheLibraryHadNotTheOneTheGridShowed() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            // Saved elsewhere a moment before, and not yet shown in the grid.
            let elsewhere = try Library(directory: libraryDirectory)
            try elsewhere.relabel(photoWithID: try XCTUnwrap(window.store.photo(at: 0)).id, as: try Label("Lake at dawn"))
            XCTAssertEqual(window.store.photo(at: 0)?.label, "Lake")
            try label([0, 1], as: "Hill", in: window)
            XCTAssertEqual(window.history.notice.stepText, "Labelled “Hill”",
                           "the photo labelled so already is not counted")
            window.window.activateAction(Command.undo.detailedName)
            XCTAssertEqual(try elsewhere.photos().map(\.label), ["Lake at dawn", "Hill"])
            XCTAssertFalse(window.notification.isShown, window.notification.text)
        }
    }
}
