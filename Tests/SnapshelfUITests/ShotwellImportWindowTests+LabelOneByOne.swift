// Label One by One… after an import from Shotwell: the dialog walks the photos without a label,
// and one label for the rest never takes the place of a Shotwell title. Kept apart from the
// window's other Shotwell tests for size; they share its helpers.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

extension ShotwellImportWindowTests {
    func testLabelOneByOneShowsTheDialogForTitledPhotosWhenAsked() throws {
        try makeShotwellLibrary(titles: ["Harbour at dawn", "Ski trip"])
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitForTheEnd(of: window)
            XCTAssertTrue(window.notification.text.contains("All 2 photos got their labels from their Shotwell titles."), window.notification.text)
            // Behind Details, beside the Undo of the import: a toast has one button.
            try pressToastButton("Details", in: window)
            try waitUntil("the offer never reached the accessible tree") {
                (try? buttonNames())?.contains("Label One by One…") == true
            }
            try answer("_Label One by One…", in: window)
            let dialog = try XCTUnwrap(window.importFlow.shotwell.review?.dialog, "asked for, the dialog never opened")
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.progressText, "1 of 2")
            XCTAssertEqual(dialog.entryText, "Harbour at dawn")
            XCTAssertFalse(dialog.forTheRestToggle.isVisible, "offered to put one label over the other's title")
            dialog.entryWidget.text = "Harbour, early"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { dialog.progressText == "2 of 2" }
            XCTAssertEqual(dialog.entryText, "Ski trip")
            XCTAssertTrue(pressEscape(in: dialog.window), "Escape skips the photo")
            try waitUntil("the dialog stayed after the last photo") { window.importFlow.shotwell.review == nil }
            try waitUntil("the new label was never saved") { (try? labels()) == ["Harbour, early", "Ski trip"] }
            try waitUntil { window.history.notice.stepText == "Labelled “Harbour, early”" }
            window.history.undo()
            try waitUntil { (try? labels()) == ["Harbour at dawn", "Ski trip"] }
        }
    }

    func testLabelOneByOneWalksThePhotosWithoutALabelAndOneLabelForTheRestKeepsTitles() throws {
        try makeShotwellLibrary(titles: ["Harbour at dawn", nil, "Ski trip", nil, nil])
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitForTheEnd(of: window)
            XCTAssertTrue(window.notification.text.contains("3 photos have no label yet."), window.notification.text)
            try answerDetails("_Label One by One…", in: window)
            let dialog = try XCTUnwrap(window.importFlow.shotwell.review?.dialog)
            try waitUntil { dialog.isWaitingForLabel }
            // The three the notice counted, not the titled ones.
            XCTAssertEqual(dialog.progressText, "1 of 3")
            XCTAssertTrue(pressEscape(in: dialog.window), "Escape skips the photo")
            try waitUntil { dialog.progressText == "2 of 3" }
            XCTAssertEqual(dialog.entryText, "", "a photo without a title shows an empty entry")
            XCTAssertFalse(dialog.replacingTitlesToggle.isVisible, "no titles to replace among photos already labelled")
            XCTAssertEqual(dialog.forTheRestToggle.mnemonic, "_Use this label for 1 more photo")
            dialog.entryWidget.text = "Alps"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the dialog stayed after one label for the rest") { window.importFlow.shotwell.review == nil }
            try waitUntil("the label never went to the rest") {
                (try? labels()) == ["Harbour at dawn", "", "Ski trip", "Alps", "Alps"]
            }
            try waitUntil { window.history.notice.stepText == "Labelled 2 photos" }
            window.history.undo()
            try waitUntil { (try? labels()) == ["Harbour at dawn", "", "Ski trip", "", ""] }
        }
    }
}
