// Lets the GLib main loop run inside a test until the UI reaches a state, as `gtk_main` would.
import CGtk
import Foundation

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
