// The label dialog after the person used its other controls: Enter still saves; and a small
// photo keeps its own size in it rather than being blown up to a blur.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class LabelDialogKeysTests: AppTestCase, @unchecked Sendable {
    func testTickingTheBoxForTheRestLeavesEnterToSave() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Harbour"
            // As a click does: the box takes the focus, then ticks.
            dialog.forTheRestToggle.grabFocus()
            dialog.forTheRestToggle.isActive = true
            XCTAssertTrue(focusIsInside(dialog.entryWidget), "the box kept the keyboard, where Enter would tick it again")
            XCTAssertEqual(dialog.entryWidget.text, "Harbour")
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the three photos were never saved") { window.store.count == 3 && !window.importFlow.isRunning }
            let labels = (0..<3).compactMap { window.store.photo(at: $0)?.label }
            XCTAssertEqual(labels, ["Harbour", "Harbour", "Harbour"])
        }
    }

    func testASmallPhotoIsNotBlownUpInTheDialog() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            let preview = try XCTUnwrap(tree(of: dialog.window).first { $0.hasStyleClass("preview") })
            XCTAssertEqual(gtk_picture_get_content_fit(preview.opaque), GTK_CONTENT_FIT_SCALE_DOWN,
                           "the preview fills its frame whatever the photo's size")
        }
    }

    func testTheDialogGoesBackToItsSizeAfterADuplicatesNotice() throws {
        try makeLibrary(labels: ["Already here"])
        try onMain {
            let window = try launch()
            // High enough for the dialog at its size: a lower one gives the dialog its height.
            window.window.defaultSize = (1000, 780)
            try waitUntil("the window never grew") { window.window.height > 720 }
            let copy = library.file(named: "same.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
            // A fourth photo, so the third still shows the box for the others, as the first does.
            window.importFlow.importFiles([SamplePhotos.cameras[1], copy, SamplePhotos.cameras[2], SamplePhotos.cameras[3]])
            let dialog = try waitForDialog(in: window)
            var heights: [Int] = []
            for number in 1...3 {
                try waitUntil { dialog.progressText == "\(number) of 4" && dialog.isWaitingForLabel }
                try waitUntilSettled(dialog.window)
                heights.append(dialog.window.height)
                dialog.entryWidget.text = "photo \(number)"
                pressEnter(in: dialog.entryWidget)
            }
            XCTAssertGreaterThan(heights[1], heights[0], "the duplicate's notice should make room for itself")
            XCTAssertEqual(heights[2], heights[0], "the dialog stayed as tall as for the duplicate")
        }
    }
}
