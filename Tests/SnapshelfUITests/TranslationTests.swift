// The shipped French catalogue, compiled from po/fr.po for the test, switches the window's
// texts when LANGUAGE asks for French; every test after this one is in English again.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class TranslationTests: AppTestCase, @unchecked Sendable {
    override func tearDown() {
        unsetenv("LANGUAGE")
        unsetenv("LC_ALL")
        Localization.setUp()
        super.tearDown()
    }

    /// Compiles po/fr.po into a locale folder of the test's own, as meson install does.
    private func compileFrench() throws -> URL {
        let locale = library.url.appendingPathComponent("locale")
        let messages = locale.appendingPathComponent("fr/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po/fr.po")
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("snapshelf.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0)
        return locale
    }

    func testLanguageSwitchesTheWindowToTheShippedTranslation() throws {
        let locale = try compileFrench()
        try makeLibrary(labels: ["Lake", ""])
        // gettext follows LANGUAGE only outside the plain C locale.
        setenv("LC_ALL", "C.UTF-8", 1)
        setenv("LANGUAGE", "fr", 1)
        Localization.setUp(localeDirectory: locale.path)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            XCTAssertTrue(window.grid.boundTiles.contains { $0.labelText == "Sans légende" })
            window.grid.select(positions: [0, 1])
            XCTAssertEqual(window.subtitleText, "2 photos sélectionnées")
            window.search.search(for: "zzz")
            try waitUntil { window.store.count == 0 }
            XCTAssertEqual(window.search.countText, "Aucune photo ne correspond")
            window.search.close()
            try waitUntil { window.store.count == 2 }
            window.grid.select(positions: [0])
            g_action_group_activate_action(OpaquePointer(window.window.raw), "edit-label", nil)
            XCTAssertEqual(try XCTUnwrap(window.editDialog).titleText, "Modifier la légende")
        }
        XCTAssertEqual(tr("Import Photos (Ctrl+O)"), "Importer des photos (Ctrl+O)")
        XCTAssertEqual(String(format: trn("Removed %d photo", "Removed %d photos", 1), 1), "1 photo retirée")
    }
}
