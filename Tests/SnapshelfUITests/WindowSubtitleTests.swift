// Two libraries give two windows that can be told apart: a library other than the person's own is
// named, by its folder with the home folder as ~, on the header's subtitle, while the window's own
// title, which the desktop lists, stays "Snapshelf". The person's own library goes unnamed.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class WindowSubtitleTests: AppTestCase, @unchecked Sendable {
    /// The header's AdwWindowTitle: its title and subtitle as libadwaita shows them.
    @MainActor
    private func shownTitles(of window: LibraryWindow) throws -> (title: String, subtitle: String) {
        let titles = try XCTUnwrap(tree(of: window.header.root).lazy.compactMap { $0.as(WindowTitle.self) }.first,
                                   "the header has no AdwWindowTitle")
        return (titles.title, titles.subtitle)
    }

    /// Sets an environment variable for the test's length.
    private func setEnvironment(_ name: String, _ value: String?) {
        let old = ProcessInfo.processInfo.environment[name]
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
        addTeardownBlock {
            if let old { setenv(name, old, 1) } else { unsetenv(name) }
        }
    }

    func testAnotherLibrarysWindowNamesItsFolderUnderHomeWithATilde() throws {
        // The library is at <home>/library for the test's length.
        setEnvironment("HOME", library.url.path)
        setEnvironment("SNAPSHELF_LIBRARY", nil)
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            let shown = try shownTitles(of: window)
            XCTAssertEqual(shown.title, "Snapshelf")
            XCTAssertEqual(shown.subtitle, "~/library · 2 photos")
            XCTAssertEqual(String(cString: gtk_window_get_title(window.window.typed())), "Snapshelf",
                           "the desktop and the tests find the window by this title")

            // In the viewer too, before which one of how many it is.
            window.open(position: 0)
            let viewing = try shownTitles(of: window).subtitle
            XCTAssertTrue(viewing.hasPrefix("~/library · 1 of 2"), viewing)
        }
    }

    /// The count follows photos another program adds, and a selection made meanwhile.
    func testTheCountFollowsAnImportElsewhere() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        try onMain {
            let window = try launch()
            XCTAssertTrue(window.header.subtitleText.hasSuffix("2 photos"), window.header.subtitleText)
            let elsewhere = try Library(directory: libraryDirectory)
            _ = try elsewhere.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[2], previewSize: 32), label: try Label("Dune"))
            try waitUntil("the count missed the photo added elsewhere: \(window.header.subtitleText)") {
                window.header.subtitleText.hasSuffix("3 photos")
            }
            window.grid.select(positions: [0])
            XCTAssertEqual(window.header.subtitleText, "1 photo selected")
        }
    }

    func testALibraryOutsideHomeIsNamedByItsWholePath() throws {
        setEnvironment("HOME", library.url.appendingPathComponent("elsewhere").path)
        try onMain {
            let window = try launch()
            XCTAssertEqual(try shownTitles(of: window).subtitle, libraryDirectory.path)
        }
    }

    func testThePersonsOwnLibraryGoesUnnamed() throws {
        // The default library: $XDG_DATA_HOME/snapshelf, with no SNAPSHELF_LIBRARY to name another.
        setEnvironment("XDG_DATA_HOME", library.url.appendingPathComponent("data").path)
        setEnvironment("SNAPSHELF_LIBRARY", nil)
        let own = library.url.appendingPathComponent("data/snapshelf")
        try onMain {
            let app = SnapshelfApplication(libraryDirectory: own, id: Self.uniqueID())
            XCTAssertNotEqual(g_application_register(app.application.typed(), nil, nil), 0)
            g_application_activate(app.application.typed())
            let window = try XCTUnwrap(app.window)
            try waitUntil("the window never appeared") { gtk_widget_get_mapped(window.window.typed()) != 0 }
            let shown = try shownTitles(of: window)
            XCTAssertEqual(shown.title, "Snapshelf")
            XCTAssertEqual(shown.subtitle, "", "the person's own library needs no name, nor has a count when empty")
        }
    }
}
