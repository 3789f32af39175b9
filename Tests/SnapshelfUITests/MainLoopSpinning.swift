// Lets the GLib main loop run inside a test until the UI reaches a state, as `gtk_main` would.
import CGtk
import Foundation
@testable import SnapshelfGlue

/// Runs the main loop until the condition holds; false when it still fails after the timeout.
@MainActor @discardableResult
func spin(until condition: () -> Bool, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        if g_main_context_iteration(nil, 0) == 0 {
            usleep(2_000)
        }
    }
    return true
}

/// Runs the main loop for a while, for the UI to settle after a change.
@MainActor
func spin(for seconds: TimeInterval) {
    let deadline = Date().addingTimeInterval(seconds)
    spin(until: { Date() > deadline }, timeout: seconds + 1)
}

/// The UI did not reach the state a test waited for.
struct UITimeout: Error, CustomStringConvertible {
    let description: String
}

/// Runs the main loop until the condition holds, and stops the test when it never does.
@MainActor
func waitUntil(_ description: @autoclosure () -> String = "the condition never held", timeout: TimeInterval = 10,
               _ condition: () -> Bool) throws {
    guard spin(until: condition, timeout: timeout) else {
        throw UITimeout(description: "after \(timeout) s: \(description())")
    }
}

/// Runs the main loop until the widget's window has drawn `count` more frames, then until the
/// work those frames handed on to the main loop (as the grid's look near the view) has run. What
/// a change asked of layout and drawing is done by then, so a test can see that something did
/// not follow from it without guessing how long that would take.
@MainActor
func waitForFrames(of widget: Widget, _ count: Int = 2) throws {
    guard let clock = widget.frameClock else { throw UITimeout(description: "the widget is in no window, which draws no frames") }
    var painted = 0
    let counting = clock.onAfterPaint { painted += 1 }
    defer { counting.disconnect() }
    try waitUntil("the window drew no frame") {
        guard painted < count else { return true }
        // A frame is drawn only when something asks for one; none is asked for after the last,
        // which would leave the widget waiting to be drawn, and its paintable empty meanwhile.
        gtk_widget_queue_draw(widget.typed())
        return false
    }
    var handedOn = false
    MainLoop.performAfterGTKIdleWork { handedOn = true }
    try waitUntil { handedOn }
}

/// Runs the main loop until the widget's window has settled after a change: its frames have laid
/// the change out, the display server has acted on any size the window asked for then, and the
/// frames after that have laid out the size the server gave.
@MainActor
func waitUntilSettled(_ widget: Widget) throws {
    try waitForFrames(of: widget)
    gdk_display_sync(gdk_display_get_default())
    try waitForFrames(of: widget)
}

/// Runs the main loop until a timeout set now for `duration` has run. GLib runs timeouts in the
/// order they fall due, so every one due by then, as a notice's or a slideshow's, has run too.
@MainActor
func waitPast(_ duration: Duration) throws {
    var past = false
    MainLoop.perform(after: duration) { past = true }
    try waitUntil { past }
}
