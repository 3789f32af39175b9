// Importing many photos through the window: one label for the rest in the background, duplicates,
// files dropped or given to the app, and photos another process adds while the window is open.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ImportFlowTests: AppTestCase, @unchecked Sendable {
    private func labels(in directory: URL) throws -> [String] {
        try Library(directory: directory).photos().map(\.label)
    }

    func testOneLabelForTheRestImportsThemInTheBackgroundWithProgress() throws {
        try onMain {
            let window = try launch()
            let files = Array(SamplePhotos.cameras.prefix(6))
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 6" && dialog.isWaitingForLabel }
            // The worker waits behind this job, so the bar shows where the import starts.
            let held = DispatchSemaphore(value: 0)
            window.importFlow.worker.perform({ _ in held.wait() }, completion: { _ in })
            dialog.entryWidget.text = "Holiday"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)

            XCTAssertNil(window.importFlow.dialog, "the rest need no dialog")
            XCTAssertTrue(window.importFlow.progressBar.isShown)
            // Counted among all six the person chose, the first saved from the dialog.
            XCTAssertEqual(window.importFlow.progressBar.statusText, "Importing 2 of 6: \(files[1].lastPathComponent)")
            held.signal()
            try waitUntil("the background import never finished") { window.importFlow.batch == nil }
            XCTAssertFalse(window.importFlow.progressBar.isShown)
            XCTAssertEqual(window.importFlow.progressBar.statusText, "Importing 6 of 6: \(files[5].lastPathComponent)",
                           "the bar reached the true total")
            XCTAssertEqual(try labels(in: libraryDirectory), Array(repeating: "Holiday", count: 6))
            try waitUntil("the grid never showed all six") { window.grid.boundTiles.count == 6 }
            XCTAssertEqual(Set(window.grid.boundTiles.map(\.labelText)), ["Holiday"])
        }
    }

    func testTheSummaryCountsThePhotosSavedFromTheDialogToo() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(4)))
            let dialog = try waitForDialog(in: window)
            for (number, label) in ["Dawn", "Noon"].enumerated() {
                try waitUntil { dialog.progressText == "\(number + 1) of 4" && dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil { dialog.progressText == "3 of 4" && dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Dusk"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the background import never finished") { window.importFlow.batch == nil }
            // Said once, by the notice that offers to undo it, not again by a summary.
            XCTAssertEqual(window.history.notice.stepText, "Imported 4 photos")
            XCTAssertFalse(window.notification.text.contains("Imported"), window.notification.text)
            XCTAssertEqual(window.store.count, 4)
        }
    }

    func testCancellingTheBackgroundImportKeepsWhatWasFinished() throws {
        try onMain {
            let corpus = library.url.appendingPathComponent("corpus")
            try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
            let files = try SamplePhotos.cameras.indices.flatMap { round in
                try (0..<8).map { index -> URL in
                    let url = corpus.appendingPathComponent("\(round)-\(index).jpg")
                    try (try Data(contentsOf: SamplePhotos.cameras[index]) + Data("\(round)".utf8)).write(to: url)
                    return url
                }
            }
            let window = try launch()
            window.importFlow.importFiles([corpus])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            window.importFlow.batch?.cancel()
            try waitUntil { window.importFlow.batch == nil }
            let kept = try Library(directory: libraryDirectory)
            XCTAssertLessThan(try kept.photos().count, files.count)
            XCTAssertEqual(try kept.check(), [])
        }
    }

    func testADuplicateOffersItsLabelAndSavingChangesItWithoutASecondCopy() throws {
        try makeLibrary(labels: ["Old label"])
        try onMain {
            let window = try launch()
            let copy = library.file(named: "same.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
            window.importFlow.importFiles([copy])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertTrue(dialog.noticeText?.hasPrefix("This photo is already in your library") == true)
            XCTAssertEqual(dialog.entryWidget.text, "Old label")
            dialog.entryWidget.text = "New label"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try labels(in: libraryDirectory), ["New label"])
            try waitUntil { window.grid.boundTiles.first?.labelText == "New label" }
        }
    }

    func testAFolderImportSkipsFilesThatAreNoPhotosAndSaysHowMany() throws {
        let trip = try SamplePhotos.folderWithAReadme(in: library.url, photos: 2)
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([trip])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.progressText, "1 of 2", "the README is no photo to label")
            XCTAssertEqual(window.notification.text, "Skipped 1 file that is not a photo: “README”.")
        }
    }

    /// Many files passed over before a photo are told in the dialog by their number after the
    /// first two, which keeps the dialog in the window; the toast lists them all.
    func testManyFilesPassedOverAreCountedInTheDialogAfterTheFirstTwo() throws {
        let broken = (1...4).map { library.file(named: "broken \($0).jpg", containing: Data("no photo".utf8)) }
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(broken + [SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.progressText, "", "one photo of five files needs no count")
            XCTAssertEqual(dialog.passedOverText?.split(separator: "\n"), [
                "“broken 1.jpg” was not imported: it is not an image.",
                "“broken 2.jpg” was not imported: it is not an image.",
                "2 more files were not imported.",
            ])
        }
    }

    func testFilesGivenToTheApplicationOpenTheLabelDialog() throws {
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.first)
            var file: OpaquePointer? = g_file_new_for_path(SamplePhotos.cameras[2].path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            g_application_open(app.application.typed(), &file, 1, "")
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.originalName),
                           [SamplePhotos.cameras[2].lastPathComponent])
        }
    }

    /// Ctrl+Q right after Save ended the process with the photo still queued on the worker: it
    /// was never imported, though the dialog had closed as if it had been.
    func testAPhotoSavedFromTheDialogIsWrittenBeforeTheWindowCloses() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([SamplePhotos.cameras[1]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            // A job ahead of the save, as a busy disk makes one, lets the save go only once the
            // window is closing, so it is still queued then.
            let held = DispatchSemaphore(value: 0)
            window.importFlow.worker.perform({ _ in held.wait() }, completion: { _ in })
            dialog.entryWidget.text = "Saved at the last moment"
            pressEnter(in: dialog.entryWidget)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { held.signal() }
            window.window.destroy()
            XCTAssertEqual(try labels(in: libraryDirectory), ["Saved at the last moment"])
        }
    }

    func testFilesGivenToTheApplicationDuringAnImportWaitForItToEnd() throws {
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.first)
            window.importFlow.importFiles([SamplePhotos.cameras[0], SamplePhotos.cameras[1]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            var file: OpaquePointer? = g_file_new_for_path(SamplePhotos.cameras[2].path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            g_application_open(app.application.typed(), &file, 1, "")
            XCTAssertEqual(window.notification.text, "1 more file will be imported when this import ends.")
            for label in ["Dawn", "Noon"] {
                try waitUntil { dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            let next = try waitForDialog(in: window)
            XCTAssertFalse(next === dialog, "the waiting file comes in an import of its own")
            try waitUntil { next.isWaitingForLabel }
            XCTAssertEqual(next.fileNameText, SamplePhotos.cameras[2].lastPathComponent)
            XCTAssertEqual(window.history.notice.stepText, "Imported 2 photos")
            next.entryWidget.text = "Dusk"
            pressEnter(in: next.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(Set(try labels(in: libraryDirectory)), ["Dawn", "Noon", "Dusk"])
        }
    }

    func testDroppingFilesOnTheWindowImportsThem() throws {
        try onMain {
            let window = try launch()
            let target = try XCTUnwrap(controllers(of: gtk_drop_target_get_type(), on: window.window).first)
            var files: [OpaquePointer?] = [g_file_new_for_path(SamplePhotos.cameras[3].path)]
            let list = gdk_file_list_new_from_array(&files, 1)
            g_object_unref(UnsafeMutableRawPointer(files[0]))
            var parameters = [GValue](repeating: GValue(), count: 4)
            g_value_init(&parameters[0], gtk_drop_target_get_type())
            g_value_set_object(&parameters[0], UnsafeMutableRawPointer(target))
            // The signal's value parameter is itself a GValue, which holds the file list.
            var dropped = GValue()
            g_value_init(&dropped, gdk_file_list_get_type())
            g_value_take_boxed(&dropped, UnsafeRawPointer(list))
            g_value_init(&parameters[1], g_value_get_type())
            g_value_set_boxed(&parameters[1], &dropped)
            g_value_unset(&dropped)
            g_value_init(&parameters[2], g_type_from_name("gdouble"))
            g_value_init(&parameters[3], g_type_from_name("gdouble"))
            var accepted = GValue()
            g_value_init(&accepted, g_type_from_name("gboolean"))
            g_signal_emitv(&parameters, g_signal_lookup("drop", gtk_drop_target_get_type()), 0, &accepted)
            XCTAssertNotEqual(g_value_get_boolean(&accepted), 0, "the window refused the drop")
            for index in parameters.indices { g_value_unset(&parameters[index]) }
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.progressText, "")
        }
    }

    func testPhotosImportedByAnotherProcessAppearWithoutARestart() throws {
        try onMain {
            let window = try launch()
            let other = try Library(directory: libraryDirectory)
            _ = try other.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[4], previewSize: 32),
                              label: try Label("from the command line"))
            try waitUntil("the window never showed the new photo") {
                window.grid.boundTiles.contains { $0.labelText == "from the command line" }
            }
            XCTAssertEqual(window.pages.visible, .photos)
            // It may have landed off screen, so the window says it came.
            XCTAssertEqual(window.notification.text, "1 photo was added to this library by another program, such as the command line.")
        }
    }

    func testTheWindowsOwnImportIsNotToldAsComingFromElsewhere() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([SamplePhotos.cameras[0]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            pressEnter(in: dialog.entryWidget)
            try waitUntil { window.store.count == 1 && !window.importFlow.isRunning }
            // Past the next look of OutsideChanges, which ticks every 0.7 s.
            try waitPast(.milliseconds(700))
            XCTAssertFalse(window.notification.isShown, window.notification.text)
        }
    }
}
