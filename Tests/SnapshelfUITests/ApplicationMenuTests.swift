// The main menu's own windows: Keyboard Shortcuts and About, opened through their actions.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class ApplicationMenuTests: AppTestCase, @unchecked Sendable {
    func testTheKeyboardShortcutsWindowAndTheAboutWindowOpen() throws {
        try onMain {
            let window = try launch()
            g_action_group_activate_action(OpaquePointer(window.window.raw), "show-help-overlay", nil)
            try waitUntil("no Keyboard Shortcuts window") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }

            let app = try XCTUnwrap(applications.last)
            g_action_group_activate_action(OpaquePointer(app.application.raw), "about", nil)
            try waitUntil("no About window") { !windows(of: gtk_about_dialog_get_type()).isEmpty }
            let about = OpaquePointer(try XCTUnwrap(windows(of: gtk_about_dialog_get_type()).first))
            XCTAssertEqual(String(cString: gtk_about_dialog_get_version(about)), SnapshelfVersion.current)
            XCTAssertEqual(gtk_about_dialog_get_license_type(about), GTK_LICENSE_GPL_3_0)
        }
    }
}
