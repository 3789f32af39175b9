// The label dialog and the length limit: a long label pasted in is kept whole, the dialog shows
// the limit as it nears, and refuses to save a label over it with the command line's reason,
// rather than saving it cut short without a word.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class LabelDialogLengthTests: AppTestCase, @unchecked Sendable {
    /// The texts of the labels a person sees in the dialog now.
    @MainActor
    private func shownTexts(in dialog: LabelDialog) -> [String] {
        tree(of: dialog.window).filter { $0.typeName == "GtkLabel" && gtk_widget_is_visible($0.typed()) != 0 }
            .map { String(cString: gtk_label_get_text($0.opaque)) }
    }

    func testALabelOverTheLimitIsNeverSavedCutAndTheDialogSaysWhy() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }

            dialog.entryWidget.text = String(repeating: "a", count: 400)
            XCTAssertFalse(shownTexts(in: dialog).contains { $0.contains("characters") }, "far from the limit, nothing is said")
            dialog.entryWidget.text = String(repeating: "a", count: 460)
            XCTAssertTrue(shownTexts(in: dialog).contains("460 of 500 characters"), "\(shownTexts(in: dialog))")

            // As a paste does: the whole text goes in, and the dialog says it cannot be saved.
            let pasted = String(repeating: "Harbour at dawn, ", count: 39) + "end"
            XCTAssertEqual(pasted.count, 666)
            dialog.entryWidget.text = pasted
            XCTAssertEqual(dialog.entryText, pasted, "the entry cut the pasted label")
            // The words the command line refuses the label with.
            let reason = Label.Problem.tooLong(length: 666).words
            XCTAssertEqual(reason, "the label is 666 characters long; the limit is 500")
            XCTAssertTrue(shownTexts(in: dialog).contains("Cannot be saved: \(reason)."), "\(shownTexts(in: dialog))")
            // Neither Enter nor the Save button's action saves it.
            pressEnter(in: dialog.entryWidget)
            dialog.window.activateAction("dialog.save")
            // The worker saves in order: once this job is done, any save before it would be too.
            let worker = DispatchSemaphore(value: 0)
            window.importFlow.worker.perform({ _ in worker.signal() }, completion: { _ in })
            XCTAssertEqual(worker.wait(timeout: .now() + 30), .success)
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().count, 0, "a label over the limit was saved")
            XCTAssertTrue(dialog.isWaitingForLabel, "the dialog went on without the label")
            XCTAssertEqual(dialog.entryText, pasted, "the person's text is kept, to be shortened")

            // Shortened to the limit, it saves whole.
            let fitting = String(pasted.prefix(500))
            dialog.entryWidget.text = fitting
            XCTAssertTrue(shownTexts(in: dialog).contains("500 of 500 characters"), "\(shownTexts(in: dialog))")
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the photo was never saved") { !window.importFlow.isRunning }
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.label), [fitting])
        }
    }
}
