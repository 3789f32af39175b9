// A library whose database is missing or damaged offers to rebuild it from the photos and their
// sidecars, and then opens as usual with the same photos; one that a rebuild cannot mend does not.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class RebuildOfferTests: AppTestCase, @unchecked Sendable {
    private var database: URL { libraryDirectory.appendingPathComponent("library.sqlite3") }

    private func deleteDatabase() throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database.path + suffix) {
            try FileManager.default.removeItem(atPath: database.path + suffix)
        }
    }

    /// Registers and activates an application the way `g_application_run` does, for a library that
    /// may not open; the caller keeps it alive.
    @MainActor
    private func start() -> SnapshelfApplication {
        let app = SnapshelfApplication(libraryDirectory: libraryDirectory, id: Self.uniqueID())
        XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
        g_application_activate(app.application.typed())
        return app
    }

    /// The buttons inside a widget whose label reads `text`, mnemonic underscores left out.
    @MainActor
    private func buttons(labelled text: String, in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                      gtk_button_get_type()) != 0,
           let label = gtk_button_get_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)),
           String(cString: label).replacingOccurrences(of: "_", with: "") == text,
           gtk_widget_get_visible(widget) != 0 {
            found.append(widget)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += buttons(labelled: text, in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    @MainActor
    private func rebuildButton(of app: SnapshelfApplication) throws -> UnsafeMutablePointer<GtkWidget> {
        let failure = try XCTUnwrap(app.failureWindow)
        try waitUntil { gtk_widget_get_mapped(failure.typed()) != 0 }
        return try XCTUnwrap(buttons(labelled: "Rebuild Library", in: failure.typed()).first, "no Rebuild Library button")
    }

    func testTheWindowHasAHeaderBarAndEscapeToCloseItAndSaysWhyInPlainSentences() throws {
        try makeLibrary(labels: ["Lake"])
        try deleteDatabase()
        try onMain {
            let app = start()
            _ = try rebuildButton(of: app)
            let failure = try XCTUnwrap(app.failure)
            // libadwaita's window has its header bar inside, where GTK's had it as its title bar.
            let header = try XCTUnwrap(tree(of: failure.window).lazy.compactMap { $0.as(HeaderBar.self) }.first, "no header bar")
            // libadwaita's status page says it, as GNOME apps do, not boxes and labels of its own.
            XCTAssertEqual(tree(of: failure.window).filter { $0.typeName == "AdwStatusPage" }.count, 1)
            XCTAssertTrue(header.showsWindowButtons, "no close button")
            let message = failure.messageText
            XCTAssertTrue(message.hasPrefix("Snapshelf could not finish opening the library \(libraryDirectory.path): its database "), message)
            XCTAssertTrue(message.hasSuffix("."), message)
            XCTAssertFalse(message.contains("`"), "a command line's quoting in the window: \(message)")
            XCTAssertFalse(message.contains("snapshelf rebuild"), "a command to type where a button does it: \(message)")
            XCTAssertFalse(buttons(labelled: "Quit", in: failure.window.typed()).isEmpty, "no way to quit")
            // Escape closes it, as it does a dialog.
            try RealKeys.press("Escape")
            try waitUntil("Escape left the window open") { gtk_widget_get_mapped(failure.window.typed()) == 0 }
        }
    }

    func testADeletedDatabaseIsRebuiltAndTheWindowOpensWithTheSamePhotos() throws {
        try makeLibrary(labels: ["Lake", "Hill walk", "Café"])
        let before = try Library(directory: libraryDirectory).photos().map { [String($0.id), $0.label] }
        try deleteDatabase()
        try onMain {
            let app = start()
            XCTAssertNil(app.window)
            let button = try rebuildButton(of: app)
            XCTAssertFalse(buttons(labelled: "Quit", in: try XCTUnwrap(app.failureWindow).typed()).isEmpty, "no way to quit")
            XCTAssertTrue(try XCTUnwrap(app.failure).messageText.contains("library.sqlite3 is missing"))
            let failure = try XCTUnwrap(app.failure)
            XCTAssertNotEqual(gtk_widget_activate(button), 0)
            try waitUntil("the rebuilt library never opened") { app.window != nil }
            let window = try XCTUnwrap(app.window)
            XCTAssertEqual(failure.progressText, "Read 3 of 3 photos")
            XCTAssertNil(app.failureWindow, "the offer closes once the library is open")
            try waitUntil { gtk_widget_get_mapped(window.window.typed()) != 0 && window.grid.boundTiles.count == 3 }
            XCTAssertEqual(window.pages.visible, .photos)
            let after = (0..<window.store.count).compactMap { window.store.photo(at: $0) }.map { [String($0.id), $0.label] }
            XCTAssertEqual(after, before, "the same IDs and labels")
            XCTAssertTrue(window.notification.text.contains("Rebuilt the library at \(libraryDirectory.path): 3 photos."),
                          window.notification.text)
            XCTAssertFalse(window.notification.text.contains("without"), "every photo kept its label")
        }
    }

    func testADamagedDatabaseIsMovedAsideAndPhotosWithoutSidecarsAreCounted() throws {
        try makeLibrary(labels: ["Lake", "Hill walk", "Café"])
        let photos = try Library(directory: libraryDirectory).photos()
        try FileManager.default.removeItem(at: photos[1].fileURL.appendingPathExtension("xmp"))
        try deleteDatabase()
        try Data(repeating: 0x5A, count: 8192).write(to: database)
        try onMain {
            let app = start()
            let button = try rebuildButton(of: app)
            XCTAssertNotEqual(gtk_widget_activate(button), 0)
            try waitUntil("the rebuilt library never opened") { app.window != nil }
            let window = try XCTUnwrap(app.window)
            XCTAssertEqual(window.store.count, 3)
            let text = window.notification.text
            XCTAssertTrue(text.contains("The old database was moved to \(libraryDirectory.path)/library.sqlite3.before-rebuild-"), text)
            XCTAssertTrue(text.contains("1 had no sidecar and came back from the photo alone, without its label."), text)
            let kept = try FileManager.default.contentsOfDirectory(atPath: libraryDirectory.path)
            XCTAssertTrue(kept.contains { $0.hasPrefix("library.sqlite3.before-rebuild-") }, "the damaged database is kept: \(kept)")
        }
    }

    func testARebuildThatFailsSaysWhyInTheSameWindowAndCanBeTriedAgain() throws {
        try makeLibrary(labels: ["Lake", "Hill walk"])
        try deleteDatabase()
        // Another holder of the library's lock, as a second Snapshelf would be.
        let lock = open(libraryDirectory.appendingPathComponent("library.lock").path, O_RDWR | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(lock, 0)
        XCTAssertEqual(flock(lock, LOCK_SH), 0)
        try onMain {
            let app = start()
            let failure = try XCTUnwrap(app.failure)
            let button = try rebuildButton(of: app)
            XCTAssertNotEqual(gtk_widget_activate(button), 0)
            try waitUntil("the rebuild never gave up") { failure.messageText.contains("open elsewhere") }
            XCTAssertNil(app.window)
            XCTAssertFalse(failure.isRebuilding)
            XCTAssertNotEqual(gtk_widget_get_mapped(failure.window.typed()), 0, "the same window tells it")
            close(lock)
            XCTAssertNotEqual(gtk_widget_activate(try rebuildButton(of: app)), 0)
            try waitUntil("the second try never opened the library") { app.window != nil }
            XCTAssertEqual(try XCTUnwrap(app.window).store.count, 2)
        }
    }

    func testAFolderInTheWayOffersNoRebuild() throws {
        try FileManager.default.createDirectory(at: library.url, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: libraryDirectory)
        try onMain {
            let app = start()
            let failure = try XCTUnwrap(app.failure)
            try waitUntil { gtk_widget_get_mapped(failure.window.typed()) != 0 }
            XCTAssertFalse(failure.offersRebuild)
            XCTAssertTrue(buttons(labelled: "Rebuild Library", in: failure.window.typed()).isEmpty)
            XCTAssertFalse(buttons(labelled: "Quit", in: failure.window.typed()).isEmpty)
        }
    }
}
