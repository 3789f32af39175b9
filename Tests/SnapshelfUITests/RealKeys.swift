// Presses keys on this test process's own window as a person does: xdotool sends them through
// the X server (XTest), so they reach GTK as real key events, through popovers' keyboard grabs
// and the focus GTK keeps, rather than as actions activated by hand.
import CGtk
import Foundation
import SnapshelfTestSupport
import XCTest

@MainActor
enum RealKeys {
    /// Focuses the window titled `title` of this process and presses each of `keys` in xdotool's
    /// spelling ("Escape", "shift+F10"), running the main loop after each until GTK has handled it.
    static func press(_ keys: String..., inWindowTitled title: String = "Snapshelf") throws {
        let pid = String(ProcessInfo.processInfo.processIdentifier)
        let window = try xdotool("search", "--all", "--onlyvisible", "--pid", pid, "--name", "^\(title)$")
            .split(separator: "\n").first.map(String.init)
        try xdotool("windowfocus", "--sync", try XCTUnwrap(window, "no window “\(title)” on the display"))
        try handleSentEvents()
        for key in keys {
            try xdotool("key", key)
            try handleSentEvents()
        }
    }

    /// Runs the main loop until GTK has handled the events xdotool had the display server send.
    /// xdotool ends only once the server has acted on all it asked, so those events come ahead of
    /// the answer to a round trip made now; GDK hands them on, at the main loop's usual priority,
    /// before an idle callback of a lower one runs.
    private static func handleSentEvents() throws {
        gdk_display_sync(gdk_display_get_default())
        try waitForIdleWork()
    }

    /// Runs xdotool, bounded, since --sync waits for ever on a window that never comes.
    @discardableResult
    private static func xdotool(_ arguments: String...) throws -> String {
        try ExternalProgram.output(of: "/usr/bin/timeout", ["10", "/usr/bin/xdotool"] + arguments)
    }
}
