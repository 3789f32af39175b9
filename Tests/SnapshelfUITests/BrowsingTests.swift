// Browsing the library in the real window, through its own actions and widgets: search, sort,
// thumbnail size, the viewer, editing labels, removing with undo, and the context menu.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class BrowsingTests: AppTestCase, @unchecked Sendable {
    private let labels = ["Lake Geneva", "hill walk", "Café au lait", "Lakeside", "", "zebra", "Alpine LAKE", "bridge"]

    @MainActor
    private func activate(_ action: String, in window: LibraryWindow, with parameter: OpaquePointer? = nil) {
        let group = UnsafeMutableRawPointer(window.window.raw)
        XCTAssertNotEqual(g_action_group_get_action_enabled(OpaquePointer(group), action), 0, "\(action) is disabled")
        g_action_group_activate_action(OpaquePointer(group), action, parameter)
    }

    @MainActor
    private func shownLabels(_ window: LibraryWindow) -> [String] {
        (0..<window.store.count).compactMap { window.store.photo(at: $0)?.label }
    }

    func testSearchFiltersTheGridAndCountsTheMatches() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            window.search.search(for: "lake")
            try waitUntil("the search never filtered") { window.store.count == 3 }
            XCTAssertEqual(shownLabels(window), ["Lake Geneva", "Lakeside", "Alpine LAKE"])
            XCTAssertEqual(window.search.countText, "3 photos")
            try waitUntil { Set(window.grid.boundTiles.map(\.labelText)) == Set(shownLabels(window)) }

            window.search.search(for: "geneva LAKE")
            try waitUntil("words in another order found nothing") { window.store.count == 1 }
            XCTAssertEqual(shownLabels(window), ["Lake Geneva"])
            window.search.search(for: "CAFE")
            try waitUntil { window.store.count == 1 }
            XCTAssertEqual(window.search.countText, "1 photo")
            window.search.search(for: "nothing like it")
            try waitUntil { window.store.count == 0 }
            XCTAssertEqual(window.pages.visible, .noResults)
            XCTAssertEqual(window.search.countText, "No photos match")
            // As GNOME's apps say it, on a status page that names what was looked for.
            let page = try XCTUnwrap(tree(of: window.pages.root).first { $0.hasStyleClass("no-results") }?.as(StatusPage.self))
            XCTAssertEqual([page.title, page.description], ["No Results Found", "No photo has a label or file name with “nothing like it”."])
            // Text deleted back to nothing shows every photo, and counts nothing.
            window.search.search(for: "")
            try waitUntil { window.store.count == labels.count }
            XCTAssertEqual(window.search.countText, "", "the count of an earlier search stays")

            window.search.close()
            try waitUntil { window.store.count == labels.count }
            XCTAssertEqual(window.pages.visible, .photos)
            let searchButton = try XCTUnwrap(tree(of: window.header.root).first { $0.typeName == "GtkToggleButton" })
            XCTAssertEqual(gtk_toggle_button_get_active(searchButton.typed()), 0, "the search button looks pressed while closed")
            window.search.open()
            XCTAssertEqual(window.search.countText, "", "a search opened afresh counts nothing yet")
            XCTAssertNotEqual(gtk_toggle_button_get_active(searchButton.typed()), 0, "the search button does not look pressed")
            window.search.close()
            XCTAssertEqual(gtk_toggle_button_get_active(searchButton.typed()), 0)
        }
    }

    func testEachSortOrderIsRightAndRemembered() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            activate("sort", in: window, with: g_variant_new_string("label"))
            XCTAssertEqual(shownLabels(window),
                           ["Alpine LAKE", "bridge", "Café au lait", "hill walk", "Lake Geneva", "Lakeside", "zebra", ""])
            activate("sort", in: window, with: g_variant_new_string("added-newest"))
            XCTAssertEqual(shownLabels(window), labels.reversed())
            activate("sort", in: window, with: g_variant_new_string("taken"))
            let taken = (0..<window.store.count).compactMap { window.store.photo(at: $0)?.taken }
            XCTAssertEqual(taken, taken.sorted(by: >))
            activate("sort", in: window, with: g_variant_new_string("taken-oldest"))
            XCTAssertEqual((0..<window.store.count).compactMap { window.store.photo(at: $0)?.taken }, taken.reversed())
            XCTAssertEqual(window.preferences.order, .takenOldestFirst)
            activate("sort", in: window, with: g_variant_new_string("label"))

            let again = try launch()
            XCTAssertEqual(again.store.order, .labelAToZ, "the chosen order is remembered")
            XCTAssertEqual(shownLabels(again).first, "Alpine LAKE")
        }
    }

    func testTheThumbnailSizeChangesAtOnceAndIsRemembered() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            try waitUntil { !window.grid.boundTiles.isEmpty }
            let recorder = ItemsChangedRecorder(observing: window.grid.model)
            activate("larger-thumbnails", in: window)
            let larger = window.grid.tileSize
            XCTAssertGreaterThan(larger, PhotoTile.defaultSize)
            XCTAssertTrue(window.grid.boundTiles.allSatisfy { $0.size == larger })
            XCTAssertEqual(recorder.changes, [], "resizing must not reload the grid")
            activate("smaller-thumbnails", in: window)
            activate("smaller-thumbnails", in: window)
            XCTAssertLessThan(window.grid.tileSize, PhotoTile.defaultSize)
            XCTAssertEqual(try launch().grid.tileSize, window.grid.tileSize)
        }
    }

    func testTheViewerFollowsItsPhotoThroughARelabelAndCountsAnUndoneRemoval() throws {
        try makeLibrary(labels: ["beach", "cliff", "apple"])
        try onMain {
            let window = try launch()
            window.window.activateAction(Command.sort.rawValue, with: PhotoOrder.labelAToZ.rawValue)
            window.open(position: 0)
            XCTAssertEqual(window.viewer.photo?.label, "apple")
            activate("edit-label", in: window)
            let dialog = try XCTUnwrap(window.commands.editDialog)
            dialog.entryWidget.text = "zebra"
            pressEnter(in: dialog.entryWidget)
            try waitUntil { window.viewer.photo?.label == "zebra" }
            XCTAssertEqual(window.viewer.position, 2, "the relabelled photo moved to the end of the label order")
            XCTAssertEqual(window.header.subtitleText, "3 of 3")

            activate("remove", in: window)
            XCTAssertEqual(window.header.subtitleText, "2 of 2")
            activate("undo", in: window)
            XCTAssertEqual(window.store.count, 3)
            XCTAssertEqual(window.viewer.photo?.label, "zebra", "the viewer shows the photo that came back")
            XCTAssertEqual(window.header.subtitleText, "3 of 3", "the header counts the photo that came back")
            activate("back", in: window)
            XCTAssertEqual(window.grid.selectedPositions, [2], "the grid selects the photo the viewer was on")
        }
    }

    func testEditingALabelUpdatesItsTileInPlaceAndTheLibrary() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == labels.count }
            window.grid.select(positions: [1])
            let recorder = ItemsChangedRecorder(observing: window.grid.model)
            activate("edit-label", in: window)
            let dialog = try XCTUnwrap(window.commands.editDialog)
            XCTAssertEqual(dialog.titleText, "Edit Label")
            XCTAssertEqual(dialog.entryText, "hill walk", "the dialog starts with the label")
            gtk_editable_set_text(dialog.entryWidget.opaque, "Hill walk <b>at dawn</b>")
            pressEnter(in: dialog.entryWidget)
            try waitUntil { window.grid.boundTiles.contains { $0.labelText == "Hill walk <b>at dawn</b>" } }
            XCTAssertEqual(recorder.changes, [[1, 1, 1]], "only that tile changes")
            XCTAssertNil(window.commands.editDialog)
            let photo = try XCTUnwrap(window.store.photo(at: 1))
            XCTAssertEqual(try Library(directory: libraryDirectory).photo(withID: photo.id)?.label, "Hill walk <b>at dawn</b>")

            // With several selected, the label goes to all of them.
            window.grid.select(positions: [5, 7])
            activate("edit-label", in: window)
            let both = try XCTUnwrap(window.commands.editDialog)
            gtk_editable_set_text(both.entryWidget.opaque, "Zoo trip")
            pressEnter(in: both.entryWidget)
            try waitUntil { window.commands.editDialog == nil }
            XCTAssertEqual([5, 7].compactMap { window.store.photo(at: $0)?.label }, ["Zoo trip", "Zoo trip"])
        }
    }

    func testRemovingThenUndoingRestoresThePhotosExactly() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            let library = try Library(directory: libraryDirectory)
            let before = try library.photos()
            window.grid.select(positions: [1, 3])
            XCTAssertEqual(window.header.subtitleText, "2 photos selected")
            activate("remove", in: window)
            XCTAssertEqual(try library.photos().map(\.id), before.map(\.id).filter { $0 != before[1].id && $0 != before[3].id })
            XCTAssertEqual(window.store.count, labels.count - 2)
            XCTAssertTrue(window.history.notice.showsStep)
            XCTAssertEqual(window.history.notice.stepText, "Removed 2 photos")
            XCTAssertTrue(FileManager.default.fileExists(atPath: before[1].fileURL.path), "kept while the removal can be undone")

            window.history.undo()
            XCTAssertEqual(try library.photos(), before, "same files, labels, dates and places")
            XCTAssertEqual((0..<window.store.count).compactMap { window.store.photo(at: $0) }, before)
            XCTAssertEqual(window.grid.selectedPositions, [1, 3])
            XCTAssertEqual(try library.check(), [])

            window.grid.select(positions: [2])
            activate("remove", in: window)
            activate("undo", in: window)
            XCTAssertEqual(try library.photos(), before, "Ctrl+Z undoes a removal too")
            XCTAssertEqual(window.history.notice.stepText, "Undone: Removed 1 photo")

            window.grid.select(positions: [0])
            activate("remove", in: window)
            window.history.finishAll()
            XCTAssertFalse(FileManager.default.fileExists(atPath: before[0].fileURL.path), "gone to the Trash")
            XCTAssertTrue(FileManager.default.fileExists(atPath: SamplePhotos.cameras[0].path), "the original stays")
            XCTAssertEqual(try library.check(), [])
        }
    }

    func testAPhotoWhoseFileTheTrashRefusesComesBackWithAMessage() throws {
        try makeLibrary(labels: labels)
        // A file where GIO would make the Trash folder: even root cannot trash into it.
        let trash = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("Trash")
        let saved = trash.deletingLastPathComponent().appendingPathComponent("Trash.saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: trash.deletingLastPathComponent(), withIntermediateDirectories: true)
        let movedAside = rename(trash.path, saved.path) == 0
        try Data("in the way".utf8).write(to: trash)
        defer {
            unlink(trash.path)
            if movedAside { rename(saved.path, trash.path) }
        }
        try onMain {
            let window = try launch()
            let library = try Library(directory: libraryDirectory)
            let before = try library.photos()
            window.grid.select(positions: [0])
            activate("remove", in: window)
            XCTAssertEqual(window.store.count, labels.count - 1)
            window.history.finishAll()
            XCTAssertEqual(try library.photos(), before, "the photo is back as it was: same ID, label and date")
            XCTAssertEqual(window.store.count, labels.count)
            XCTAssertTrue(window.notification.isShown)
            XCTAssertTrue(window.notification.text.hasPrefix("“Canon_40D.jpg” could not be moved to the Trash: "), window.notification.text)
            XCTAssertTrue(window.notification.text.hasSuffix("; the photo stays in the library."), window.notification.text)
            XCTAssertTrue(FileManager.default.fileExists(atPath: before[0].fileURL.path))
            XCTAssertEqual(try library.check(), [])
        }
    }

    func testTheViewerStepsThroughTheFilteredPhotosAndReturnsToTheSamePhoto() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            window.search.search(for: "lake")
            try waitUntil { window.store.count == 3 }
            window.grid.select(positions: [0])
            activate("open", in: window)
            XCTAssertEqual(window.pages.visible, .viewer)
            XCTAssertEqual(window.viewer.captionText, "Lake Geneva")
            XCTAssertEqual(window.header.titleText, "Lake Geneva", "the viewer's title is the photo's label")
            activate("next", in: window)
            XCTAssertEqual(window.viewer.captionText, "Lakeside")
            XCTAssertEqual(window.header.titleText, "Lakeside")
            XCTAssertEqual(window.header.subtitleText, "2 of 3")
            activate("next", in: window)
            activate("next", in: window)
            XCTAssertEqual(window.viewer.captionText, "Alpine LAKE", "the last photo stays")
            activate("previous", in: window)
            XCTAssertEqual(window.viewer.captionText, "Lakeside")
            try waitUntil("the photo itself never replaced its thumbnail") { window.viewer.showsFullImage }

            activate("zoom-in", in: window)
            XCTAssertNotNil(window.viewer.zoom)
            activate("zoom-reset", in: window)
            XCTAssertNil(window.viewer.zoom)

            activate("back", in: window)
            XCTAssertEqual(window.pages.visible, .photos)
            XCTAssertEqual(window.grid.selectedPositions, [1])
        }
    }

    func testTheContextMenuActsOnTheSelectionAndTilesAreNamedForScreenReaders() throws {
        try makeLibrary(labels: labels)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == labels.count }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(window.window.raw), "remove"), 0,
                           "nothing to remove without a selection")
            window.grid.select(positions: [4])
            window.showContextMenu(atX: 40, y: 40)
            try waitUntil { window.contextMenuIsOpen }
            activate("copy", in: window)
            let clipboard = gtk_widget_get_clipboard(window.window.typed())
            try waitUntil("the photo never reached the clipboard") {
                gdk_content_formats_contain_gtype(gdk_clipboard_get_formats(clipboard), gdk_texture_get_type()) != 0
            }
            let names = Set(window.grid.boundTiles.compactMap(\.accessibleName))
            XCTAssertEqual(names, Set(labels.map { $0.isEmpty ? "Unlabelled photo" : $0 }))
        }
    }
}
