// One toast per event (issue 33): an import with something to report says its summary and offers
// its Undo in one toast, not two stacked notices; counts of one kind add up in it; and what its
// one line cannot say (every file that failed) is in the dialog behind Details, with the total
// on top and the Undo there too.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class ToastEventTests: AppTestCase, @unchecked Sendable {
    /// The toast widgets in the overlay, shown or sliding.
    @MainActor
    private func toastWidgets(in window: LibraryWindow) -> [Widget] {
        tree(of: window.toasts).filter { $0.typeName == "AdwToastWidget" }
    }

    /// What the window shows outside its toasts.
    @MainActor
    private func textsOutsideToasts(in window: LibraryWindow) -> [String] {
        let inToasts = Set(toastWidgets(in: window).flatMap { tree(of: $0) })
        return tree(of: window.window).filter { $0.isMapped && !inToasts.contains($0) && $0.typeName == "GtkLabel" }
            .flatMap { labelTexts(in: $0) }
    }

    func testAnImportWithADuplicateIsOneToastWithItsSummaryAndUndo() throws {
        try makeLibrary(labels: ["Old"])
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            let dialog = try waitForDialog(in: window)
            for (number, label) in [(1, "Old"), (2, "Dawn"), (3, "Noon")] {
                try waitUntil { dialog.progressText == "\(number) of 3" && dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil("the import never ended") { !window.importFlow.isRunning && window.store.count == 3 }
            let toast = try shownToast(in: window).widget
            try waitUntil("the summary never joined the undo's toast: \(labelTexts(in: toast))") {
                self.labelTexts(in: toast).contains("Imported 2 photos. 1 was already in the library.")
            }
            XCTAssertEqual(try toastButtonText(in: window), "Undo")
            XCTAssertEqual(toastWidgets(in: window).count, 1, "the import was told in more than one toast")
            XCTAssertFalse(textsOutsideToasts(in: window).contains { $0.hasPrefix("Imported") },
                           "the import was told outside its toast too: \(textsOutsideToasts(in: window))")
            try pressToastButton("Undo", in: window)
            XCTAssertEqual(window.store.count, 1, "the toast's Undo did not undo the import")
        }
    }

    func testCountsOfOneKindAddUpInOneToast() throws {
        try onMain {
            let window = try launch()
            let sentence: @MainActor (Int) -> String = {
                String(format: trn("%ld photo was added to this library by another program, such as the command line.",
                                   "%ld photos were added to this library by another program, such as the command line.", $0), $0)
            }
            window.notification.show(counting: 2, sentence)
            window.notification.show(counting: 3, sentence)
            let toast = try shownToast(in: window).widget
            XCTAssertTrue(labelTexts(in: toast).contains { $0.hasPrefix("5 photos were added") }, "\(labelTexts(in: toast))")
            XCTAssertEqual(toastWidgets(in: window).count, 1)
            XCTAssertTrue(tree(of: toast).contains { labelTexts(in: $0) == ["Details"] },
                          "the toast's line cannot hold the sentence, and nothing leads to the rest")
        }
    }

    /// Twelve unreadable files and one photo: every failed file is listed behind Details, and the
    /// total is the toast's line and the dialog's heading, never scrolled out of sight; the dialog
    /// fits a narrow window.
    func testTheDetailsListEveryFailedFileAndKeepTheTotalInSight() throws {
        try makeLibrary(labels: [])
        let broken = (1...12).map { library.url.appendingPathComponent("Holiday in the mountains, day \($0).jpg") }
        try broken.forEach { try Data("no photo at all".utf8).write(to: $0) }
        try onMain {
            let window = try launch()
            window.window.defaultSize = (400, 600)
            try waitUntil("the window never narrowed: \(window.window.width)") { window.window.width <= 400 }
            window.importFlow.importFiles(broken + [SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Lake"
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the import never ended") { !window.importFlow.isRunning && window.store.count == 1 }
            let total = "Imported 1 photo. 12 could not be imported."
            let toast = try shownToast(in: window).widget
            // At 400 pixels the line keeps the sentence it has room for; Details has the total.
            try waitUntil("the total's first sentence is not the toast's line: \(labelTexts(in: toast))") {
                self.labelTexts(in: toast).contains("Imported 1 photo.")
            }
            XCTAssertEqual(toastWidgets(in: window).count, 1)
            try pressToastButton("Details", in: window)
            let details = try detailsDialog()
            defer { details.destroy() }
            XCTAssertEqual(details.heading, total, "the total is not on top of the details")
            let listed = labelTexts(in: details).joined(separator: "\n")
            for file in broken {
                XCTAssertTrue(listed.contains("Could not import “\(file.lastPathComponent)”"), "\(file.lastPathComponent) is not listed")
            }
            XCTAssertLessThanOrEqual(details.height, window.window.height, "the list pushed the dialog past the window")
            XCTAssertLessThanOrEqual(details.width, window.window.width, "the list widened the dialog past the window")
        }
    }

    func testTheDetailsDialogUndoesTheImport() throws {
        let broken = library.url.appendingPathComponent("broken.jpg")
        try Data("no photo at all".utf8).write(to: broken)
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([broken] + Array(SamplePhotos.cameras.prefix(2)))
            let dialog = try waitForDialog(in: window)
            for number in 1...2 {
                // Of the two photos: the broken file, read first, is counted out.
                try waitUntil { dialog.progressText == "\(number) of 2" && dialog.isWaitingForLabel && window.store.count == number - 1 }
                dialog.entryWidget.text = "Photo \(number)"
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil("the import never ended") { !window.importFlow.isRunning && window.store.count == 2 }
            try answerDetails("_Undo", in: window)
            try waitUntil("Undo in the details did not undo the import") { window.store.count == 0 }
        }
    }
}
