// The shipped French catalogue, compiled from po/fr.po for the test, switches the window's
// texts when LANGUAGE asks for French; every test after this one is in English again.
import CGtk
import Foundation
import SnapshelfMessages
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class TranslationTests: AppTestCase, @unchecked Sendable {
    override func tearDown() {
        unsetenv("LANGUAGE")
        Localization.setUp()
        super.tearDown()
    }

    func testLanguageSwitchesTheWindowToTheShippedTranslation() throws {
        let locale = try ShippedTranslation.compile("fr", into: library.url)
        try makeLibrary(labels: ["Lake", ""])
        setenv("LANGUAGE", "fr", 1)
        Localization.setUp(localeDirectory: locale.path)
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            XCTAssertTrue(window.grid.boundTiles.contains { $0.labelText == "Sans légende" })
            window.grid.select(positions: [0, 1])
            XCTAssertEqual(window.header.subtitleText, "2 photos sélectionnées")
            window.search.search(for: "zzz")
            try waitUntil { window.store.count == 0 }
            XCTAssertEqual(window.search.countText, "Aucune photo ne correspond")
            window.search.close()
            try waitUntil { window.store.count == 2 }
            window.grid.select(positions: [0])
            g_action_group_activate_action(OpaquePointer(window.window.raw), "edit-label", nil)
            XCTAssertEqual(try XCTUnwrap(window.commands.editDialog).titleText, "Modifier la légende")

            g_action_group_activate_action(OpaquePointer(window.window.raw), "show-help-overlay", nil)
            try waitUntil("no Keyboard Shortcuts window") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            let shortcuts = try XCTUnwrap(windows(of: gtk_shortcuts_window_get_type()).first)
            let texts = labelTexts(in: Widget(shortcuts.assumingMemoryBound(to: GtkWidget.self)))
            for title in ["Importer des photos", "Tout sélectionner", "Visionneuse", "Ajuster à la fenêtre"] {
                XCTAssertTrue(texts.contains(title), "the shortcuts window lacks “\(title)”: \(texts)")
            }
        }
        XCTAssertEqual(Command.importPhotos.tooltip, "Importer des photos (Ctrl+O)")
        XCTAssertEqual(String(format: trn("Removed %d photo", "Removed %d photos", 1), 1), "1 photo retirée")
        // The model's reasons, which the window's notifications quote, are French too.
        XCTAssertEqual(ImportError(path: "/tmp/notes.txt", reason: .file(.notAnImage)).explanation, "ce n’est pas une image")
    }
}
