// A title another app wrote into a photo is offered in the label dialog, selected so typing
// replaces it, with a line saying where it came from; one label for the rest leaves the rest's
// own titles, unless the person says it replaces them.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class FoundTitleTests: AppTestCase, @unchecked Sendable {
    private func labels() throws -> [String] {
        try Library(directory: libraryDirectory).photos().map(\.label)
    }

    @MainActor
    private func selection(in dialog: LabelDialog) -> [Int32]? {
        var start: gint = 0
        var end: gint = 0
        guard gtk_editable_get_selection_bounds(dialog.entryWidget.opaque, &start, &end) != 0 else { return nil }
        return [start, end]
    }

    func testAnEmbeddedTitleIsOfferedSelectedAndSavedWithEnter() throws {
        let photo = try ExifTool.copy(of: SamplePhotos.cameras[0], named: "dawn.jpg", in: library.url, title: "Lake at dawn")
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([photo])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.entryText, "Lake at dawn")
            XCTAssertTrue(focusIsInside(dialog.entryWidget))
            XCTAssertEqual(selection(in: dialog), [0, 12], "all of the title is selected, so typing replaces it")
            XCTAssertEqual(dialog.titleSourceText, "Title from the photo’s XMP title")
            XCTAssertNil(dialog.noticeText, "a new photo is not called a duplicate")
            // The line says where the text came from only while the text is that.
            dialog.entryWidget.text = "Lake at dusk"
            XCTAssertNil(dialog.titleSourceText, "the line under the entry still calls the person's text the photo's title")
            dialog.entryWidget.text = "Lake at dawn"
            XCTAssertEqual(dialog.titleSourceText, "Title from the photo’s XMP title")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try labels(), ["Lake at dawn"])
            try waitUntil { window.grid.boundTiles.first?.labelText == "Lake at dawn" }
        }
    }

    func testTheLabelTheLibraryKeptIsOfferedWhenItsPhotoComesBack() throws {
        let titled = try ExifTool.copy(of: SamplePhotos.cameras[0], named: "dawn.jpg", in: library.url, title: "Lake at dawn")
        do {
            let kept = try Library(directory: libraryDirectory)
            let photo = try kept.add(PhotoCandidate(inspecting: titled, previewSize: 32), label: Label("Our lake")).photo
            try FileManager.default.removeItem(at: photo.fileURL)
        }
        _ = try LibraryRebuild.run(directory: libraryDirectory)
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([titled])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.entryText, "Our lake", "the library's own label comes before the photo's title")
            XCTAssertEqual(dialog.titleSourceText, "The label this photo had in your library, kept in its sidecar")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.id), [1])
            XCTAssertEqual(try labels(), ["Our lake"])
        }
    }

    func testAPhotoWithoutATitleOpensEmptyWithNoSourceLine() throws {
        let titled = try ExifTool.copy(of: SamplePhotos.cameras[0], named: "dawn.jpg", in: library.url, title: "Lake at dawn")
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([titled, SamplePhotos.cameras[1]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 2" && dialog.isWaitingForLabel }
            XCTAssertNotNil(dialog.titleSourceText)
            dialog.entryWidget.text = "Typed instead"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { dialog.progressText == "2 of 2" && dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.entryText, "")
            XCTAssertNil(dialog.titleSourceText, "the line under the entry goes with the title")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try labels(), ["Typed instead", ""])
        }
    }

    func testOneLabelForTheRestLeavesTheirOwnTitlesAndSaysHowManyKeptThem() throws {
        let (labels, notice) = try importThreeWithOneLabel(replacingTitles: false)
        XCTAssertEqual(labels, ["Holiday", "Own title 1", "Own title 2"])
        XCTAssertEqual(notice, "Imported 3 photos. 2 kept the titles they came with instead of the label chosen for the rest.")
    }

    func testOneLabelForTheRestReplacesTheirOwnTitlesWhenAskedTo() throws {
        let (labels, notice) = try importThreeWithOneLabel(replacingTitles: true)
        XCTAssertEqual(labels, ["Holiday", "Holiday", "Holiday"])
        // Only the undo notice's "Imported 3 photos" then: there is nothing more to tell.
        XCTAssertEqual(notice, "")
    }

    /// Imports three photos with titles of their own, labelling the first "Holiday" for the rest
    /// too; returns the labels they got and what the window said at the end.
    private func importThreeWithOneLabel(replacingTitles: Bool) throws -> (labels: [String], notice: String?) {
        var notice: String?
        let files = try (0..<3).map { index in
            try ExifTool.copy(of: SamplePhotos.cameras[index], named: "\(index).jpg", in: library.url, title: "Own title \(index)")
        }
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 3" && dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.entryText, "Own title 0")
            XCTAssertFalse(dialog.replacingTitlesToggle.isSensitive, "it only means something with one label for the rest")
            dialog.entryWidget.text = "Holiday"
            dialog.forTheRestToggle.isActive = true
            XCTAssertTrue(dialog.replacingTitlesToggle.isSensitive)
            dialog.replacingTitlesToggle.isActive = replacingTitles
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the background import never finished") { !window.importFlow.isRunning }
            notice = window.notification.text
        }
        return (try labels().sorted(), notice)
    }
}
