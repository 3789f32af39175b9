// Preferences in both stores: GSettings with Snapshelf's own schema compiled for the test, and
// the key file used where no schema is installed; and the window's size across a relaunch.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class PreferencesTests: AppTestCase, @unchecked Sendable {
    /// GSettings under Snapshelf's schema from data/, compiled into the test's folder.
    @MainActor
    private func settings() throws -> SettingsStore {
        let schemas = library.url.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", "--targetdir", schemas.path, data.path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0)
        return try XCTUnwrap(SettingsStore(schemaID: Preferences.schemaID, compiledIn: schemas))
    }

    func testGSettingsKeepsEveryChoice() throws {
        // The memory backend: what one GSettings object writes, the next one in the process reads.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        try onMain {
            let first = Preferences(store: try settings())
            XCTAssertEqual(first.order, .addedOldestFirst, "the schema's default")
            first.setOrder(.takenOldestFirst)
            first.setTileSize(224)
            first.setWindow(width: 812, height: 604, maximized: true)
            XCTAssertEqual(first.slideshowSeconds, 5, "the schema's default")
            first.setSlideshowSeconds(8)
            let second = Preferences(store: try settings())
            XCTAssertEqual(second.order, .takenOldestFirst, "the schema lists every order")
            XCTAssertEqual(second.tileSize, 224)
            XCTAssertEqual(second.windowSize.width, 812)
            XCTAssertEqual(second.windowSize.height, 604)
            XCTAssertTrue(second.isMaximized)
            XCTAssertEqual(second.slideshowSeconds, 8)
        }
    }

    func testADamagedKeyFileMeansTheDefaults() throws {
        let file = library.url.appendingPathComponent("preferences.ini")
        try Data("[preferences]\nsort-order=sideways\nthumbnail-size=9999\nwindow-width=-4\nslideshow-seconds=7\n\u{0}".utf8).write(to: file)
        onMain {
            let preferences = Preferences(keyFile: file)
            XCTAssertEqual(preferences.order, .addedOldestFirst)
            XCTAssertEqual(preferences.tileSize, PhotoTile.defaultSize)
            XCTAssertEqual(preferences.windowSize.width, 1000)
            XCTAssertEqual(preferences.slideshowSeconds, Slideshow.defaultPace, "a pace not on offer")
        }
    }

    func testTheWindowSizeIsRestored() throws {
        try onMain {
            let window = try launch()
            window.window.defaultSize = (820, 610)
            // Saved as the window has it once the display server has given it that size.
            try waitUntilSettled(window.window)
            window.window.destroy()
            try waitForIdleWork()
            let again = try launch()
            XCTAssertEqual([again.window.defaultSize.width, again.window.defaultSize.height], [820, 610])
        }
    }
}
