// Ctrl+Z and Ctrl+Shift+Z walk the window's history step by step: rotations, labels, removals
// and imports are undone and redone in turn, the notice says so, or that there is nothing to undo
// or redo, and removed photos' files wait in the library folder until the window closes.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class UndoRedoTests: AppTestCase, @unchecked Sendable {
    func testTwoTurnsAreUndoneOneByOneAndRedone() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            let id = try XCTUnwrap(window.store.photo(at: 0)).id
            let rotation = { try XCTUnwrap(try window.store.library.photo(withID: id)).rotation }
            window.grid.select(positions: [0])
            try pressKeys("<Control>r", in: window)
            try pressKeys("<Control>r", in: window)
            XCTAssertEqual(try rotation(), 180)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try rotation(), 90)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try rotation(), 0, "the second Ctrl+Z undid nothing")
            XCTAssertEqual(window.history.notice.stepText, "Undone: Rotated 1 photo")
            XCTAssertTrue(window.history.notice.offersRedo)
            XCTAssertFalse(window.history.notice.offersUndo)
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(try rotation(), 90)
            XCTAssertEqual(window.history.notice.stepText, "Redone: Rotated 1 photo")
            XCTAssertEqual(window.store.photo(at: 0)?.rotation, 90, "the grid does not show the redone turn")
        }
    }

    /// The toast that says what was undone offers to redo that, not to undo an older step it
    /// does not name; Ctrl+Z goes on undoing.
    func testTheToastOfAnUndoneStepRedoesItEvenWithOlderStepsLeft() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            let id = try XCTUnwrap(window.store.photo(at: 0)).id
            let photo = { try XCTUnwrap(try window.store.library.photo(withID: id)) }
            window.grid.select(positions: [0])
            try pressKeys("<Control>r", in: window)
            try label([0], as: "Lake at dawn", in: window)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(window.history.notice.stepText, "Undone: Labelled “Lake at dawn”")
            XCTAssertEqual(try toastButtonText(in: window), "Redo")
            try pressToastButton("Redo", in: window)
            try waitUntil("the toast's Redo did not label the photo again") { (try? photo().label) == "Lake at dawn" }
            XCTAssertEqual(try photo().rotation, 90, "the toast's button undid the turn, which it did not name")
        }
    }

    /// An import whose dialog also relabelled a photo already there is one step, and its toast
    /// keeps the import's total however the saves end.
    func testAnImportAndTheLabelsItsDialogChangedAreOneStep() throws {
        try makeLibrary(labels: ["Old label"])
        try onMain {
            let window = try launch()
            let copy = library.file(named: "same.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
            window.importFlow.importFiles([SamplePhotos.cameras[1], copy])
            let dialog = try waitForDialog(in: window)
            for (place, label) in [("1 of 2", "Dawn"), ("2 of 2", "Changed")] {
                try waitUntil { dialog.progressText == place && dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            XCTAssertEqual(window.notification.title, "Imported 1 photo. 1 was already in the library.")
            XCTAssertEqual(Set(try window.store.library.photos().map(\.label)), ["Dawn", "Changed"])
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try window.store.library.photos().map(\.label), ["Old label"], "one Ctrl+Z left part of the import")
            XCTAssertEqual(window.history.notice.stepText, "Undone: Imported 1 photo")
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(Set(try window.store.library.photos().map(\.label)), ["Dawn", "Changed"], "Redo did not do it all again")
        }
    }

    /// An import that only relabelled a photo already there, beside a file that failed: Undo's
    /// toast offers Redo, not the import's summary again behind Details.
    func testUndoingAnImportThatOnlyRelabelledOffersRedo() throws {
        try makeLibrary(labels: ["Old label"])
        let broken = library.file(named: "notes.jpg", containing: Data("no photo at all".utf8))
        try onMain {
            let window = try launch()
            let copy = library.file(named: "same.jpg", containing: try Data(contentsOf: SamplePhotos.cameras[0]))
            window.importFlow.importFiles([copy, broken])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Lizard"
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            XCTAssertTrue(window.notification.text.contains("Could not import “notes.jpg”"), window.notification.text)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try window.store.library.photos().map(\.label), ["Old label"])
            XCTAssertEqual(try toastButtonText(in: window), "Redo")
        }
    }

    func testNothingToUndoOrRedoIsSaid() throws {
        try makeLibrary(labels: ["Lake"])
        try onMain {
            let window = try launch()
            try pressKeys("<Control>z", in: window)
            XCTAssertTrue(window.history.notice.showsStep)
            XCTAssertEqual(window.history.notice.stepText, "Nothing to undo")
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(window.history.notice.stepText, "Nothing to redo")
            XCTAssertFalse(window.history.notice.offersUndo || window.history.notice.offersRedo)
        }
    }

    func testALabelIsUndoneAndRedoneAndTheNoticeNamesTheLabel() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            let labels = { (0..<2).compactMap { window.store.photo(at: $0)?.label } }
            try label([0], as: "Lake at dawn", in: window)
            XCTAssertEqual(window.history.notice.stepText, "Labelled “Lake at dawn”", "the notice names the file, not the label")
            try label([1], as: "Hill walk", in: window)
            try pressKeys("<Control>z", in: window)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(labels(), ["Lake", "Hill"])
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(labels(), ["Lake at dawn", "Hill"])
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.label), ["Lake at dawn", "Hill"])

            // A photo left with no label is named by its file.
            try label([1], as: "", in: window)
            XCTAssertEqual(window.history.notice.stepText, "Took the label off “\(SamplePhotos.cameras[1].lastPathComponent)”")
            XCTAssertFalse(window.history.notice.offersRedo, "a new step still offers to redo the old one")
        }
    }

    func testARemovalIsUndoneAndRedoneAndItsFilesGoOnlyWhenTheWindowCloses() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Wood"])
        try onMain {
            let window = try launch()
            let library = try Library(directory: libraryDirectory)
            let before = try library.photos()
            window.grid.select(positions: [1])
            window.window.activateAction(Command.remove.detailedName)
            XCTAssertEqual(window.store.count, 2)
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            XCTAssertEqual(window.store.count, 1)
            try pressKeys("<Control>z", in: window)
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try library.photos(), before, "two removals undone bring back every photo as it was")
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(try library.photos().map(\.label), ["Lake", "Wood"])
            XCTAssertEqual(window.history.notice.stepText, "Redone: Removed 1 photo")
            // The notice goes; the removal stays undoable, and its file waits in the library folder.
            window.history.notice.dismiss()
            XCTAssertTrue(FileManager.default.fileExists(atPath: before[1].fileURL.path))
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try library.photos(), before)
            try pressKeys("<Shift><Control>z", in: window)
            window.window.destroy()
            XCTAssertFalse(FileManager.default.fileExists(atPath: before[1].fileURL.path), "closing the window made the removal final")
            XCTAssertTrue(FileManager.default.fileExists(atPath: before[0].fileURL.path), "a removal undone is not made final")
            XCTAssertEqual(try library.check(), [])
        }
    }

    func testTheOldestRemovalIsMadeFinalWhenItFallsOffTheHistory() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            let removed = try XCTUnwrap(window.store.photo(at: 0))
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            window.grid.select(positions: [0])
            for _ in 0..<29 { try pressKeys("<Control>r", in: window) }
            XCTAssertTrue(FileManager.default.fileExists(atPath: removed.fileURL.path), "thirty steps fit")
            try pressKeys("<Control>r", in: window)
            XCTAssertFalse(FileManager.default.fileExists(atPath: removed.fileURL.path), "the removal fell off but its file stayed")
            for _ in 0..<31 { try pressKeys("<Control>z", in: window) }
            XCTAssertEqual(window.history.notice.stepText, "Nothing to undo")
            XCTAssertEqual(window.store.count, 1)
        }
    }

    func testAnImportIsUndoneAsARemovalAndItsFilesGoOnlyWhenTheWindowCloses() throws {
        try makeLibrary(labels: ["Kept"])
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras[1...4]))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Dawn"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { dialog.progressText == "2 of 4" && dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Dusk"
            dialog.forTheRestToggle.isActive = true
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the import was never offered for undo") { window.history.notice.stepText == "Imported 4 photos" }
            let library = try Library(directory: libraryDirectory)
            let imported = try library.photos().filter { $0.label != "Kept" }
            XCTAssertEqual(imported.count, 4)

            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try library.photos().map(\.label), ["Kept"], "the undo left imported photos, or took the one already there")
            XCTAssertEqual(window.store.count, 1)
            XCTAssertTrue(imported.allSatisfy { FileManager.default.fileExists(atPath: $0.fileURL.path) }, "gone before the removal is final")
            try pressKeys("<Shift><Control>z", in: window)
            XCTAssertEqual(Set(try library.photos()), Set(imported + [try XCTUnwrap(try library.photos().first { $0.label == "Kept" })]))
            try pressKeys("<Control>z", in: window)
            window.window.destroy()
            XCTAssertTrue(imported.allSatisfy { !FileManager.default.fileExists(atPath: $0.fileURL.path) }, "the undone import's files stayed")
            XCTAssertEqual(try library.photos().map(\.label), ["Kept"])
            XCTAssertEqual(try library.check(), [])
        }
    }

    /// Gives the window one file to import, and saves it from the dialog with the label.
    @MainActor
    private func importFromTheDialog(_ file: URL, labelled label: String, in window: LibraryWindow) throws {
        window.importFlow.importFiles([file])
        let dialog = try waitForDialog(in: window)
        try waitUntil { dialog.isWaitingForLabel }
        dialog.entryWidget.text = label
        pressEnter(in: dialog.entryWidget)
    }

    func testAnImportSavedFromTheDialogAloneCanBeUndone() throws {
        try onMain {
            let window = try launch()
            try importFromTheDialog(SamplePhotos.cameras[0], labelled: "Dawn", in: window)
            try waitUntil("the import was never offered for undo") { window.history.notice.stepText == "Imported 1 photo" }
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(window.store.count, 0)
        }
    }

    /// A photo given again, already in the library, can take a new label in the dialog; that
    /// relabel is a step like any other, so the label it replaced can come back.
    func testANewLabelGivenInTheDialogToAPhotoAlreadyThereCanBeUndone() throws {
        try makeLibrary(labels: ["Coolpix"])
        try onMain {
            let window = try launch()
            let library = try Library(directory: libraryDirectory)
            try importFromTheDialog(SamplePhotos.cameras[0], labelled: "Bus", in: window)
            try waitUntil("the relabel was never offered for undo") { window.history.notice.stepText == "Labelled “Bus”" }
            XCTAssertEqual(try library.photos().map(\.label), ["Bus"])
            try pressKeys("<Control>z", in: window)
            XCTAssertEqual(try library.photos().map(\.label), ["Coolpix"], "the dialog's relabel could not be undone")
        }
    }

    func testTheToastsUndoButtonUndoesAndSaysSoInAToastOfItsOwn() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            XCTAssertEqual(window.store.count, 1)
            let removed = try shownToast(in: window).widget
            XCTAssertTrue(labelTexts(in: removed).contains("Removed 1 photo"), "the toast reads \(labelTexts(in: removed))")
            let undo = try XCTUnwrap(tree(of: removed).first { $0.typeName == "GtkButton" && labelTexts(in: $0) == ["Undo"] })
            XCTAssertNotEqual(click(undo), 0)
            XCTAssertEqual(window.store.count, 2, "the button did not undo the removal")
            // The pressed toast goes; what the undo did shows in the next one, not in the one going.
            try waitUntil("the undo was never said") {
                window.history.notice.showsStep && self.tree(of: window.toasts).contains {
                    $0.typeName == "AdwToastWidget" && $0 != removed && self.labelTexts(in: $0).contains("Undone: Removed 1 photo")
                }
            }
        }
    }
}
