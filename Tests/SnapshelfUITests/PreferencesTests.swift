// Preferences in both stores: GSettings with Snapshelf's own schema compiled for the test, and
// the key file used where no schema is installed; and the window's size across a relaunch.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class PreferencesTests: AppTestCase, @unchecked Sendable {
    /// A GSettings object for Snapshelf's schema from data/, compiled into the test's folder.
    @MainActor
    private func settings() throws -> UnsafeMutablePointer<GSettings> {
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
        let source = try XCTUnwrap(g_settings_schema_source_new_from_directory(schemas.path, nil, 0, nil))
        defer { g_settings_schema_source_unref(source) }
        let schema = try XCTUnwrap(g_settings_schema_source_lookup(source, Preferences.schemaID, 0))
        defer { g_settings_schema_unref(schema) }
        return try XCTUnwrap(g_settings_new_full(schema, nil, nil))
    }

    func testGSettingsKeepsEveryChoice() throws {
        // The memory backend: what one GSettings object writes, the next one in the process reads.
        setenv("GSETTINGS_BACKEND", "memory", 1)
        try onMain {
            let first = Preferences(settings: try settings())
            XCTAssertEqual(first.order, .addedOldestFirst, "the schema's default")
            first.setOrder(.takenNewestFirst)
            first.setTileSize(224)
            first.setWindow(width: 812, height: 604, maximized: true)
            let second = Preferences(settings: try settings())
            XCTAssertEqual(second.order, .takenNewestFirst)
            XCTAssertEqual(second.tileSize, 224)
            XCTAssertEqual(second.windowSize.width, 812)
            XCTAssertEqual(second.windowSize.height, 604)
            XCTAssertTrue(second.isMaximized)
        }
    }

    func testADamagedKeyFileMeansTheDefaults() throws {
        let file = library.url.appendingPathComponent("preferences.ini")
        try Data("[preferences]\nsort-order=sideways\nthumbnail-size=9999\nwindow-width=-4\n\u{0}".utf8).write(to: file)
        try onMain {
            let preferences = Preferences(keyFile: file)
            XCTAssertEqual(preferences.order, .addedOldestFirst)
            XCTAssertEqual(preferences.tileSize, PhotoTile.defaultSize)
            XCTAssertEqual(preferences.windowSize.width, 1000)
        }
    }

    func testTheWindowSizeIsRestored() throws {
        try onMain {
            let window = try launch()
            gtk_window_set_default_size(window.window.typed(), 820, 610)
            spin(for: 0.2)
            gtk_window_destroy(window.window.typed())
            spin(for: 0.1)
            let again = try launch()
            var width: gint = 0
            var height: gint = 0
            gtk_window_get_default_size(again.window.typed(), &width, &height)
            XCTAssertEqual([width, height], [820, 610])
        }
    }
}
