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

    /// The Keyboard Shortcuts window is made only when asked for, then kept: made after the first
    /// frame, it held a megabyte and a half in every session, most of which never open it.
    func testTheKeyboardShortcutsWindowIsMadeOnlyWhenAskedForAndThenKept() throws {
        try onMain {
            let window = try launch()
            // Past the frames after the first, and the work they handed on, as the old making was.
            try waitForFrames(of: window.window)
            XCTAssertEqual(shortcutsWindows(), [], "the Keyboard Shortcuts window was made before it was asked for")

            window.window.activateAction(Command.showShortcuts.detailedName)
            try waitUntil("no Keyboard Shortcuts window") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            let made = try XCTUnwrap(shortcutsWindows().first)
            XCTAssertEqual(gtk_window_get_transient_for(made.assumingMemoryBound(to: GtkWindow.self)),
                           window.window.raw.assumingMemoryBound(to: GtkWindow.self))
            XCTAssertNotEqual(gtk_window_get_modal(made.assumingMemoryBound(to: GtkWindow.self)), 0)

            gtk_window_close(made.assumingMemoryBound(to: GtkWindow.self))
            try waitUntil("the Keyboard Shortcuts window never closed") { windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            window.window.activateAction(Command.showShortcuts.detailedName)
            try waitUntil("the Keyboard Shortcuts window never opened again") { !windows(of: gtk_shortcuts_window_get_type()).isEmpty }
            XCTAssertEqual(shortcutsWindows(), [made], "a second Keyboard Shortcuts window was made")

            // Closed, then the library's window closed: nothing is left to keep the app running.
            gtk_window_close(made.assumingMemoryBound(to: GtkWindow.self))
            gtk_window_close(window.window.raw.assumingMemoryBound(to: GtkWindow.self))
            let app = try XCTUnwrap(applications.last)
            try waitUntil("the app still has a window after its only one closed") {
                gtk_application_get_windows(app.application.typed()) == nil
            }
            XCTAssertEqual(shortcutsWindows(), [], "the Keyboard Shortcuts window outlived the library's window")
        }
    }

    /// Every Keyboard Shortcuts window there is, shown or hidden.
    @MainActor
    private func shortcutsWindows() -> [UnsafeMutableRawPointer] {
        let toplevels = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(toplevels)).compactMap { index in
            let window = g_list_model_get_item(toplevels, index)!
            g_object_unref(window)
            return g_type_check_instance_is_a(window.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcuts_window_get_type()) != 0 ? window : nil
        }
    }
}
