// Presses keys on this test process's own window as a person does: xdotool sends them through
// the X server (XTest), so they reach GTK as real key events, through popovers' keyboard grabs
// and the focus GTK keeps, rather than as actions activated by hand.
import Foundation
import SnapshelfGlue
import SnapshelfTestSupport
import XCTest

@MainActor
enum RealKeys {
    /// Focuses the window titled `title` of this process and presses each of `keys` in xdotool's
    /// spelling ("Escape", "shift+F10"), spinning the main loop after each so GTK handles it.
    static func press(_ keys: String..., inWindowTitled title: String = "Snapshelf") throws {
        let pid = String(ProcessInfo.processInfo.processIdentifier)
        let window = try xdotool("search", "--all", "--onlyvisible", "--pid", pid, "--name", "^\(title)$")
            .split(separator: "\n").first.map(String.init)
        try xdotool("windowfocus", "--sync", try XCTUnwrap(window, "no window “\(title)” on the display"))
        spin(for: 0.1)
        for key in keys {
            try xdotool("key", key)
            spin(for: 0.2)
        }
    }

    /// Runs xdotool, bounded, since --sync waits for ever on a window that never comes.
    @discardableResult
    private static func xdotool(_ arguments: String...) throws -> String {
        try ExternalProgram.output(of: "/usr/bin/timeout", ["10", "/usr/bin/xdotool"] + arguments)
    }
}
