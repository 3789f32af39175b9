// The real application and window under Xvfb, driven through their own widgets and actions.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class LibraryWindowTests: AppTestCase, @unchecked Sendable {
    func testAnEmptyLibraryOpensTheWindowWithAnInvitationToImport() throws {
        try onMain {
            let window = try launch()
            XCTAssertEqual(String(cString: gtk_window_get_title(window.window.typed())), "Snapshelf")
            XCTAssertEqual(window.pages.visible, .empty)
            XCTAssertTrue(window.grid.boundTiles.isEmpty)
        }
    }

    func testTheGridShowsOneTileForEachPhotoWithItsLabelAndThumbnail() throws {
        try onMain {
            let labels = ["Iguana", "<b>not bold</b>", "", "Ümlaut & émoji 🦎", "five", "six"]
            try makeLibrary(labels: labels)
            let window = try launch()
            XCTAssertEqual(window.pages.visible, .photos)
            XCTAssertEqual(g_list_model_get_n_items(window.grid.model.opaque), UInt32(labels.count))
            try waitUntil("bound \(window.grid.boundTiles.count) tiles") {
                window.grid.boundTiles.count == labels.count && window.grid.boundTiles.allSatisfy(\.hasThumbnail)
            }
            let shown = Set(window.grid.boundTiles.map(\.labelText))
            XCTAssertEqual(shown, Set(labels.map { $0.isEmpty ? "Unlabelled" : $0 }))
            for tile in window.grid.boundTiles {
                XCTAssertNotEqual(gtk_widget_get_has_tooltip(tile.root.typed()), 0)
                let photo = try XCTUnwrap(tile.photo)
                XCTAssertEqual(tile.tooltipText?.components(separatedBy: "\n").first, photo.label.isEmpty ? photo.originalName : photo.label)
            }
        }
    }

    func testALibraryThatCannotOpenIsExplainedInAWindow() throws {
        try FileManager.default.createDirectory(at: library.url, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: libraryDirectory)
        try onMain {
            let app = SnapshelfApplication(libraryDirectory: libraryDirectory, id: Self.uniqueID())
            XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
            g_application_activate(app.application.typed())
            XCTAssertNil(app.window)
            let failure = try XCTUnwrap(app.failureWindow)
            try waitUntil { gtk_widget_get_mapped(failure.typed()) != 0 }
            XCTAssertEqual(String(cString: gtk_window_get_title(failure.typed())), "Snapshelf")
        }
    }

    func testOnlyTheTilesNearTheViewAreBoundAndGetThumbnails() throws {
        let corpus = library.url.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let files = try (0..<400).map { index -> URL in
            let url = corpus.appendingPathComponent("\(index).jpg")
            try (try Data(contentsOf: SamplePhotos.cameras[index % SamplePhotos.cameras.count]) + Data("\(index)".utf8)).write(to: url)
            return url
        }
        try BatchImport().run(files, label: try Label("many"), libraryDirectory: libraryDirectory) { _ in }
        try onMain {
            let window = try launch()
            try waitUntil("the tiles on screen never got their thumbnails") {
                let loading = window.grid.tilesLoadingThumbnails
                return !loading.isEmpty && loading.allSatisfy(\.hasThumbnail)
            }
            // Whatever more tiles the layout asks for, it has asked for by then.
            try waitForFrames(of: window.grid.root)
            XCTAssertEqual(window.store.count, 400)
            XCTAssertLessThan(window.grid.boundTiles.count, 300, "a grid of 400 must not build a tile for each")
            let near = window.grid.tilesLoadingThumbnails.count
            XCTAssertLessThan(near, 40, "only the tiles near a 700-pixel view load thumbnails")
            XCTAssertLessThan(window.textures.count + window.textures.pendingCount, 40)

            // Scrolled to the end, the tiles there load theirs, and the first ones are not kept waiting.
            window.grid.reveal(position: 399)
            try waitUntil("the last tiles never got their thumbnails") {
                window.grid.boundTiles.contains { $0.photoID == window.store.photo(at: 399)!.id && $0.hasThumbnail }
            }
            try waitUntil("the tiles scrolled past kept their requests") { window.textures.pendingCount == 0 }
            XCTAssertLessThan(window.grid.tileCount, 300, "the grid keeps only the tiles GTK has slots for")
        }
    }

    func testAPhotoWhoseFileIsGoneShowsAMissingImageSymbol() throws {
        try makeLibrary(labels: ["gone", "here"])
        let photos = try Library(directory: libraryDirectory).photos()
        try FileManager.default.removeItem(at: photos[0].fileURL)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 && window.grid.boundTiles.allSatisfy(\.hasThumbnail) }
            let gone = try XCTUnwrap(window.grid.boundTiles.first { $0.labelText == "gone" }?.paintable?.opaque)
            let here = try XCTUnwrap(window.grid.boundTiles.first { $0.labelText == "here" }?.paintable?.opaque)
            let iconType = gtk_icon_paintable_get_type()
            XCTAssertNotEqual(g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(gone), iconType), 0)
            XCTAssertEqual(g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(here), iconType), 0)
            // It says so, rather than looking like a photo still loading: in the tile and the viewer.
            let goneTile = try XCTUnwrap(window.grid.boundTiles.first { $0.labelText == "gone" })
            XCTAssertTrue(goneTile.root.hasStyleClass("broken"))
            let tooltip = try XCTUnwrap(goneTile.tooltipText)
            XCTAssertTrue(tooltip.hasPrefix("gone\n") && tooltip.hasSuffix("\nThe library’s copy of this photo is missing or damaged."), tooltip)
            XCTAssertFalse(try XCTUnwrap(window.grid.boundTiles.first { $0.labelText == "here" }).root.hasStyleClass("broken"))
            let position = try XCTUnwrap(window.store.position(ofPhotoWithID: photos[0].id))
            window.open(position: position)
            try waitUntil("the viewer never said the file is missing") { window.viewer.problemText != nil }
            let problem = try XCTUnwrap(window.viewer.problemText)
            XCTAssertTrue(problem.hasPrefix("This Photo’s File Is Missing\n"), problem)
            XCTAssertTrue(problem.contains(photos[0].fileURL.path), problem)
            window.viewer.step(by: position == 0 ? 1 : -1)
            XCTAssertNil(window.viewer.problemText, "the next photo still says the last one is missing")
        }
    }

    func testSavingInTheLabelDialogInsertsOneTileThatSurvivesARelaunch() throws {
        try onMain {
            try makeLibrary(labels: ["one", "two"])
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            let recorder = ItemsChangedRecorder(observing: window.grid.model)

            window.importFlow.importFiles([SamplePhotos.landscape(orientation: 8)])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            XCTAssertEqual(dialog.progressText, "", "a single photo needs no count")
            XCTAssertTrue(focusIsInside(dialog.entryWidget), "the label entry must have focus")
            gtk_editable_set_text(dialog.entryWidget.opaque, "Rotated <i>landscape</i>")
            pressEnter(in: dialog.entryWidget)

            try waitUntil { window.grid.boundTiles.count == 3 }
            XCTAssertEqual(recorder.changes, [[2, 0, 1]], "saving must insert one item, not reload the grid")
            XCTAssertNil(window.importFlow.dialog, "the dialog closes after the last photo")
            XCTAssertEqual(window.grid.selectedPositions, [2], "the new photo is selected")
            XCTAssertTrue(window.grid.boundTiles.contains { $0.labelText == "Rotated <i>landscape</i>" })

            let reopened = try PhotoStore(directory: libraryDirectory)
            XCTAssertEqual(reopened.count, 3)
            XCTAssertEqual(reopened.photo(at: 2)!.label, "Rotated <i>landscape</i>")
            XCTAssertEqual([reopened.photo(at: 2)!.width, reopened.photo(at: 2)!.height], [600, 450])

            gtk_window_destroy(window.window.typed())
            try waitForIdleWork()
            let relaunched = try launch()
            try waitUntil { relaunched.grid.boundTiles.count == 3 }
            XCTAssertTrue(relaunched.grid.boundTiles.contains { $0.labelText == "Rotated <i>landscape</i>" })
        }
    }

    func testSeveralFilesAreCountedAndABadOneIsReportedWhileTheRestGoOn() throws {
        try onMain {
            let scratch = TemporaryDirectory()
            let bad = scratch.file(named: "receipt.jpg", containing: Data("not an image".utf8))
            let window = try launch()
            let files = [SamplePhotos.cameras[0], bad, SamplePhotos.cameras[1], SamplePhotos.cameras[2]]
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)

            try waitUntil { dialog.progressText == "1 of 4" && dialog.isWaitingForLabel }
            gtk_editable_set_text(dialog.entryWidget.opaque, "first")
            gtk_widget_activate_action_variant(dialog.window.typed(), "dialog.save", nil)

            // The bad file is reported by name where the person looks, over the next photo, not in
            // a toast behind the dialog; counted out, that one is the second of three.
            try waitUntil { dialog.progressText == "2 of 3" && dialog.isWaitingForLabel }
            XCTAssertFalse(window.notification.isShown, window.notification.text)
            XCTAssertEqual(dialog.passedOverText, "“receipt.jpg” was not imported: it is not an image.")
            XCTAssertEqual(dialog.forTheRestToggle.mnemonic, "_Use this label for 1 more photo")
            XCTAssertEqual(String(cString: gtk_editable_get_text(dialog.entryWidget.opaque)), "", "each photo starts unlabelled")

            gtk_widget_activate_action_variant(dialog.window.typed(), "dialog.skip", nil)
            try waitUntil { dialog.progressText == "3 of 3" && dialog.isWaitingForLabel }
            XCTAssertNil(dialog.passedOverText, "the note stayed over a later photo")
            gtk_widget_activate_action_variant(dialog.window.typed(), "dialog.cancel", nil)
            try waitUntil { !window.importFlow.isRunning }
            // The import's one toast names it, with the total.
            XCTAssertTrue(window.notification.text.contains("Could not import “receipt.jpg”: it is not an image."), window.notification.text)

            let store = try PhotoStore(directory: libraryDirectory)
            // Skip imported the third file without a label; Cancel left the fourth out.
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: (0..<store.count).map { (store.photo(at: $0)!.originalName, store.photo(at: $0)!.label) }),
                           [SamplePhotos.cameras[0].lastPathComponent: "first", SamplePhotos.cameras[1].lastPathComponent: ""])
            XCTAssertEqual(window.pages.visible, .photos)
        }
    }

    func testWhatIsTypedWhileTheNextPhotoLoadsBecomesItsLabel() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles([SamplePhotos.cameras[0], SamplePhotos.cameras[1]])
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 2" && dialog.isWaitingForLabel }
            XCTAssertNotNil(gtk_window_get_application(dialog.window.typed()), "Ctrl+Q must reach the dialog")
            gtk_editable_set_text(dialog.entryWidget.opaque, "first")
            pressEnter(in: dialog.entryWidget)
            // Typed at once, while the second photo is still being read.
            XCTAssertFalse(dialog.isWaitingForLabel)
            gtk_editable_set_text(dialog.entryWidget.opaque, "second")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { dialog.progressText == "2 of 2" && dialog.isWaitingForLabel }
            XCTAssertEqual(String(cString: gtk_editable_get_text(dialog.entryWidget.opaque)), "second")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { !window.importFlow.isRunning }
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.label), ["first", "second"])
        }
    }

    func testEscapeImportsThePhotoWithoutALabelAsTheHelpSays() throws {
        let files = Array(SamplePhotos.cameras.prefix(3))
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(files)
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.progressText == "1 of 3" && dialog.isWaitingForLabel }
            let skip = try XCTUnwrap(tree(of: dialog.window).first {
                $0.typeName == "GtkButton" && gtk_button_get_label($0.typed()).map { String(cString: $0) } == "S_kip"
            })
            XCTAssertEqual(skip.tooltipText, "Import this photo without a label (Escape)")
            XCTAssertTrue(pressEscape(in: dialog.window))
            for (number, label) in [(2, "Dawn"), (3, "Noon")] {
                try waitUntil { dialog.progressText == "\(number) of 3" && dialog.isWaitingForLabel }
                dialog.entryWidget.text = label
                pressEnter(in: dialog.entryWidget)
            }
            try waitUntil("the import never ended") { !window.importFlow.isRunning }
            let photos = try Library(directory: libraryDirectory).photos()
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: photos.map { ($0.originalName, $0.label) }),
                           [files[0].lastPathComponent: "", files[1].lastPathComponent: "Dawn", files[2].lastPathComponent: "Noon"])
            // The skipped photo is one the import added, so its undo takes it away too.
            XCTAssertEqual(window.history.notice.stepText, "Imported 3 photos")
            XCTAssertEqual(window.notification.text, "", "nothing else to tell: all three were imported")
        }
    }

    func testControlOImportsAndControlQQuitsTheRunningApplication() {
        onMain {
            let app = SnapshelfApplication(libraryDirectory: libraryDirectory, id: Self.uniqueID())
            var windowWasShown = false
            var accelerators: [String: [String]] = [:]
            MainLoop.perform(after: .milliseconds(300)) {
                windowWasShown = app.window.map { gtk_widget_get_mapped($0.window.typed()) != 0 } ?? false
                for action in ["app.quit", "win.import"] {
                    accelerators[action] = Self.accelerators(for: action, in: app.application)
                }
                g_action_group_activate_action(app.application.opaque, "quit", nil)
            }
            // Should quitting fail, this ends the run so the test reports it instead of hanging.
            var forcedToQuit = false
            let safety = MainLoop.perform(after: .seconds(10)) {
                forcedToQuit = true
                g_application_quit(app.application.typed())
            }
            XCTAssertEqual(app.run(), 0)
            safety.cancel()
            XCTAssertFalse(forcedToQuit, "app.quit did not end the application")
            XCTAssertTrue(windowWasShown)
            XCTAssertEqual(accelerators["app.quit"], ["<Control>q"])
            XCTAssertEqual(accelerators["win.import"], ["<Control>o"])
        }
    }

    @MainActor
    private static func accelerators(for action: String, in application: GObjectRef) -> [String] {
        guard let list = gtk_application_get_accels_for_action(application.typed(), action) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let accelerator = list[index] {
            result.append(String(cString: accelerator))
            index += 1
        }
        return result
    }
}
