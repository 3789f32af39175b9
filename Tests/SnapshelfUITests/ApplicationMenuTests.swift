// The main menu's own windows: Keyboard Shortcuts and About (libadwaita's), opened through their actions.
import CAdwaita
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
            try waitUntil("no About window") { !windows(of: adw_about_window_get_type()).isEmpty }
            let about = OpaquePointer(try XCTUnwrap(windows(of: adw_about_window_get_type()).first))
            XCTAssertEqual(String(cString: adw_about_window_get_version(about)), SnapshelfVersion.current)
            XCTAssertEqual(adw_about_window_get_license_type(about), GTK_LICENSE_GPL_3_0)
            // What a bug report needs: the version and how far a hostile image can reach here.
            let details = String(cString: adw_about_window_get_debug_info(about))
            XCTAssertTrue(details.hasPrefix("snapshelf \(SnapshelfVersion.current)\nImage decoders: seccomp allow-list"), details)
        }
    }
}
