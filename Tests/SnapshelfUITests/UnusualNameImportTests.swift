// Photos whose names are not UTF-8, or hold line breaks and direction overrides, import through the
// window and are named by GLib's display name, on one line and in their own order, in the label
// dialog and the tile.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class UnusualNameImportTests: AppTestCase, @unchecked Sendable {
    /// Copies a sample photo under a name given as bytes, with the system calls alone, and
    /// returns its path's bytes, NUL-terminated.
    private func photo(named name: [UInt8]) throws -> [CChar] {
        let path = Array(library.url.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let data = try Data(contentsOf: SamplePhotos.cameras[1])
        let descriptor = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, data.count)
        close(descriptor)
        return path.map { CChar(bitPattern: $0) }
    }

    /// Gives the file to the application as the Files app's "Open With" does, saves it unlabelled,
    /// and returns what the label dialog and then the tile's tooltip named it.
    @MainActor
    private func importUnlabelled(_ path: [CChar], into window: LibraryWindow) throws -> (dialog: String, tile: String?) {
        let app = try XCTUnwrap(applications.first)
        var file: OpaquePointer? = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        g_application_open(app.application.typed(), &file, 1, "")
        let dialog = try waitForDialog(in: window)
        try waitUntil { dialog.isWaitingForLabel }
        let shown = dialog.fileNameText
        pressEnter(in: dialog.entryWidget)
        try waitUntil("the photo never reached the grid") { !window.importFlow.isRunning && window.grid.boundTiles.count == 1 }
        return (shown, window.grid.boundTiles[0].tooltipText?.components(separatedBy: "\n").first)
    }

    func testAPhotoNamedInLatin1ImportsAndShowsGLibsDisplayName() throws {
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let path = try photo(named: latin1)
        try onMain {
            let window = try launch()
            let shown = try importUnlabelled(path, into: window)
            XCTAssertEqual(shown.dialog, "caf\u{FFFD}.jpg")
            XCTAssertEqual(shown.tile, "caf\u{FFFD}.jpg")
            XCTAssertEqual(try Library(directory: libraryDirectory).photos().map(\.originalFileName.bytes), [latin1])
        }
    }

    func testANameWithALineBreakAndAnOverrideIsShownOnOneLineAsItIsSpelled() throws {
        let path = try photo(named: Array("two\nlines \u{202E}gpj.exe".utf8))
        try onMain {
            let window = try launch()
            let shown = try importUnlabelled(path, into: window)
            XCTAssertEqual(shown.dialog, "two\\nlines \\342\\200\\256gpj.exe")
            XCTAssertEqual(shown.tile, "two\\nlines \\342\\200\\256gpj.exe")
        }
    }
}
