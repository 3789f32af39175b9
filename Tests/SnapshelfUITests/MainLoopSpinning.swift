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
    try waitForIdleWork()
}

/// Runs the main loop until the work handed to it so far has run, and GTK's idle work after it:
/// what a closed window or a finished job left for the main loop is done by then. GLib runs an
/// idle callback of this low a priority only once nothing more urgent is ready.
@MainActor
func waitForIdleWork() throws {
    var reached = false
    MainLoop.performAfterGTKIdleWork { reached = true }
    try waitUntil("the main loop never got through its work") { reached }
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

/// Runs the main loop until the revealer has slid its child all the way in, and the window has
/// settled where it ended: measured mid-slide, the child is shorter and elsewhere. GTK says the
/// child is revealed only once the slide is over (at once when the revealer is not shown).
@MainActor
func waitUntilRevealed(_ revealer: Revealer) throws {
    try waitUntil("the revealer never slid its child in") { gtk_revealer_get_child_revealed(revealer.opaque) != 0 }
    try waitUntilSettled(revealer)
}

/// Runs the main loop, two frames at a time, until what `measure` reads of the layout comes out
/// the same twice running, and returns it: laying out what the last change brought no longer
/// moves it, as when a grid scrolled to its end reaches further once the rows there are laid out.
@MainActor @discardableResult
func waitUntilSteady<Value: Equatable>(_ description: @autoclosure () -> String, of widget: Widget, timeout: TimeInterval = 10,
                                       _ measure: () -> Value) throws -> Value {
    let deadline = Date().addingTimeInterval(timeout)
    var last = measure()
    while true {
        try waitForFrames(of: widget)
        let now = measure()
        if now == last { return now }
        guard Date() < deadline else { throw UITimeout(description: "after \(timeout) s: \(description()), still at \(now)") }
        last = now
    }
}
