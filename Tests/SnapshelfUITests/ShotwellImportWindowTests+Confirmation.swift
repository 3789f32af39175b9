// The question before an import from Shotwell: the folders its photos will be read from, and the
// files in hidden folders left out, before anything is copied; Cancel copies nothing. Kept apart
// from the window's other Shotwell tests for size; they share its helpers.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

extension ShotwellImportWindowTests {
    func testTheFoldersAreShownBeforeTheImportAndCancelImportsNothing() throws {
        let shotwell = try ShotwellFixture.library(in: dataHome)
        let pictures = library.url.appendingPathComponent("Pictures/2024")
        let secret = library.url.appendingPathComponent(".ssh/id_rsa.jpg")
        for (file, sample) in zip([pictures.appendingPathComponent("lake.jpg"), secret], SamplePhotos.cameras) {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample, to: file)
            try shotwell.addPhoto(file, title: "Lake")
        }
        shotwell.close()
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.importShotwell.detailedName)
            try waitUntil("no question came before the import") { window.importFlow.shotwell.confirmation != nil }
            let question = try XCTUnwrap(window.importFlow.shotwell.confirmation)
            XCTAssertEqual(question.folders.text, pictures.path)
            XCTAssertTrue(question.window.isModal)
            XCTAssertEqual(try labels(), [], "the import began before it was confirmed")
            try waitUntil("the question never reached the accessible tree") {
                let names = (try? buttonNames()) ?? []
                return names.contains("Import") && names.contains("Cancel")
            }

            // As Escape or the window manager closes it: the close answer, Cancel.
            gtk_window_close(question.window.typed())
            XCTAssertNil(window.importFlow.shotwell.confirmation)
            XCTAssertFalse(window.importFlow.isRunning)
            XCTAssertEqual(window.notification.text, "The import from Shotwell was cancelled before any photo was imported.")
            XCTAssertEqual(try labels(), [], "cancelled, it still imported")

            window.window.activateAction(Command.importShotwell.detailedName)
            try waitForTheEnd(of: window)
            XCTAssertEqual(try labels(), ["Lake"], "the photo in a hidden folder came in")
            XCTAssertTrue(window.notification.text.contains("1 file in a hidden folder was left out."), window.notification.text)
        }
    }
}
