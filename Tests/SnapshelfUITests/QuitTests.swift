// What closing the window leaves on disk: the database file whole, with nothing of the library
// left only in SQLite's write-ahead log, so that a copy of the library folder made after the app
// quit is the whole library even if the copy leaves the -wal out.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class QuitTests: AppTestCase, @unchecked Sendable {
    func testClosingTheWindowMovesTheLogIntoTheDatabase() throws {
        try makeLibrary(labels: ["Lake", "Hill walk"])
        let log = libraryDirectory.appendingPathComponent("library.sqlite3-wal")
        try onMain {
            let window = try launch()
            _ = try window.store.library.relabel(photoWithID: try XCTUnwrap(window.store.photo(at: 0)).id, as: try Label("Lake at dawn"))
            XCTAssertGreaterThan(try Self.size(of: log), 0, "the change is in the log while the window is open")
            window.window.destroy()
            try waitUntil("the window never closed") { gtk_widget_get_realized(window.window.typed()) == 0 }
            XCTAssertEqual(try Self.size(of: log), 0, "the log still holds what the database file lacks")
        }
        // Read from the database file alone, as a copy made without the log would be.
        let copy = library.url.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: libraryDirectory.appendingPathComponent("library.sqlite3"), to: copy.appendingPathComponent("library.sqlite3"))
        XCTAssertEqual(try LibraryFixture.integer("SELECT count(*) FROM photos WHERE label = 'Lake at dawn'", in: copy.appendingPathComponent("library.sqlite3")), 1)
    }

    /// Ctrl+Q while the label dialog asks does not drop the rest of the import without a word:
    /// Keep Importing goes on with it, Quit closes the window.
    func testQuittingDuringAnImportAsksFirst() throws {
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.first)
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(2)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            g_action_group_activate_action(OpaquePointer(app.application.raw), Command.quit.rawValue, nil)
            let question = try XCTUnwrap(app.quitQuestion, "Ctrl+Q quit in the middle of an import without asking")
            XCTAssertEqual(question.heading, "Stop Importing and Quit?")
            XCTAssertTrue(window.window.isVisible)
            try answer("_Keep Importing", in: window)
            try waitUntil("the question stayed") { app.quitQuestion == nil }
            XCTAssertTrue(dialog.isWaitingForLabel, "Keep Importing did not go on with the import")
            g_action_group_activate_action(OpaquePointer(app.application.raw), Command.quit.rawValue, nil)
            try answer("_Quit", in: window)
            try waitUntil("Quit left the window open") { gtk_widget_get_realized(window.window.typed()) == 0 }
        }
    }

    private static func size(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
}
