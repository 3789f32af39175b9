// Text at 150 %, as GNOME's Large Text or a text scaling factor of 1.5 sets it (GTK's font
// resolution at 144 dots per inch instead of 96): the Keyboard Shortcuts window still fits a
// 1280 by 800 screen, its close button within reach.
import CGtk
import Foundation
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class LargeTextTests: AppTestCase, @unchecked Sendable {
    func testTheKeyboardShortcutsWindowFitsTheScreenAtLargeText() throws {
        try onMain {
            // GTK's setting is in 1024ths of a dot per inch.
            DesktopSettings.set("gtk-xft-dpi", to: 144 * 1024, in: self)
            let window = try launch()
            window.window.activateAction(Command.showShortcuts.detailedName)
            try waitUntil("no Keyboard Shortcuts window") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            let shortcuts = Widget(try XCTUnwrap(windows(of: gtk_shortcuts_window_get_type()).first).assumingMemoryBound(to: GtkWidget.self))
            try waitUntil("the Keyboard Shortcuts window is not laid out") { shortcuts.width > 0 }
            try waitUntilSettled(shortcuts)
            XCTAssertEqual(pango_cairo_context_get_resolution(gtk_widget_get_pango_context(shortcuts.typed())), 144,
                           "the text is not at 150 %")
            let monitor = try XCTUnwrap(Display.monitorSize)
            XCTAssertLessThanOrEqual(shortcuts.width, monitor.width, "the window is wider than the screen")
            XCTAssertLessThanOrEqual(shortcuts.height, monitor.height, "the window is taller than the screen")
            // Its header, with the close button at its end, lies within the screen.
            let header = try XCTUnwrap(tree(of: shortcuts).first { $0.typeName == "GtkHeaderBar" || $0.typeName == "AdwHeaderBar" })
            let bounds = try XCTUnwrap(header.bounds(in: shortcuts))
            XCTAssertLessThanOrEqual(bounds.x + bounds.width, Double(monitor.width))
        }
    }
}
