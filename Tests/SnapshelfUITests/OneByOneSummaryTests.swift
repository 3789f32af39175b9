// The notice at the end of an import labelled photo by photo: what was imported, what was already
// in the library and what could not be imported (a skipped photo is imported without a label),
// or how far it got when cancelled.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class OneByOneSummaryTests: AppTestCase, @unchecked Sendable {
    func testTheEndOfAOneByOneImportSaysWhatBecameOfEachFile() throws {
        try makeLibrary(labels: ["Old"])
        let broken = library.url.appendingPathComponent("broken.jpg")
        try Data("no photo at all".utf8).write(to: broken)
        let files = [SamplePhotos.cameras[0], SamplePhotos.cameras[1], broken, SamplePhotos.cameras[2], SamplePhotos.cameras[3]]
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)
            // Counted among five, then among the four left once the broken file is found out.
            for (place, label) in [("1 of 5", "Old"), ("2 of 5", "Dawn"), ("3 of 4", "Noon")] {
                try waitUntil { dialog.progressText == place && dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil { dialog.progressText == "4 of 4" && dialog.isWaitingForLabel }
            dialog.window.activateAction("dialog.skip")
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            let lines = window.notification.text.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.first?.hasPrefix("Could not import “broken.jpg”") == true, window.notification.text)
            XCTAssertEqual(lines.last,
                           "Imported 3 photos. 1 could not be imported. 1 was already in the library.")
        }
    }

    func testACancelledOneByOneImportSaysHowFarItGotOrNothingWhenNothingWasDone() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(2)))
            var dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.window.activateAction("dialog.cancel")
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            XCTAssertEqual(window.notification.text, "", "nothing was done, so there is nothing to tell")

            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 3" && dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Dawn"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { dialog.progressText == "2 of 3" && dialog.isWaitingForLabel }
            dialog.window.activateAction("dialog.cancel")
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            XCTAssertEqual(window.notification.text, "Import cancelled after 1 of 3 photos; the 1 photo imported is kept.")
        }
    }

    /// A cancelled import counts its photos as the dialog did, the file that is no photo apart.
    func testACancelledImportCountsThePhotosAsTheDialogDid() throws {
        let broken = library.file(named: "notes.jpg", containing: Data("no photo at all".utf8))
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([broken] + Array(SamplePhotos.cameras.prefix(2)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 2" && dialog.isWaitingForLabel }
            dialog.window.activateAction("dialog.cancel")
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            XCTAssertEqual(window.notification.text.split(separator: "\n").map(String.init), [
                "Could not import “notes.jpg”: it is not an image.",
                "Import cancelled after 0 of 2 photos; none was imported. 1 could not be imported.",
            ])
        }
    }
}
