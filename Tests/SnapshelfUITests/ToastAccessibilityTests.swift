// The screen reader reads the toasts (issue 33). A toast is in the accessible tree as an alert,
// named by everything its event says and not only the line it shows. And it is said as it comes:
// GTK 4.8 has no announcements and tells AT-SPI of a new widget only once a screen reader has
// asked for it, so what the toast says becomes, for as long as it shows, the description of the
// object that has the focus, the change Orca speaks at once. The listener reads the window first,
// as a screen reader does, then hears the first toast of the window, and each rewrite.
import Foundation
import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

final class ToastAccessibilityTests: AppTestCase, @unchecked Sendable {
    func testAToastIsAnAlertNamedByAllItSays() throws {
        try onMain {
            let window = try launch()
            let failure = "Could not import “a.jpg”: the file is empty."
            let summary = "Imported 2 photos. 1 could not be imported."
            window.notification.show(failure)
            window.notification.show(summary)
            _ = try shownToast(in: window)
            let tree = try AccessibleTree.read().flatMap(\.subtree)
            let shown = try XCTUnwrap(tree.first { $0.role == "alert" }, "no alert in the accessible tree")
            XCTAssertEqual(shown.name, failure + "\n" + summary)
            XCTAssertTrue(shown.subtree.contains { $0.role == "push button" && $0.name == "Details" },
                          "the toast's button is not there for the screen reader")
        }
    }

    func testEachToastIsSaidThroughTheFocusAsItComes() throws {
        try makeLibrary(labels: ["Beach", "Harbour"])
        try onMain {
            let window = try launch()
            let focus = try XCTUnwrap(window.window.focusedWidgetInWindow, "nothing has the focus in a new window")
            try waitUntil("the focus is not on screen") { focus.isMapped }
            _ = try AccessibleTree.read()
            let failure = "Could not import “a.jpg”: the file is empty."
            let first = try AccessibleEvents.described(during: { window.notification.show(failure) },
                                                       until: { $0.description == failure })
            XCTAssertTrue(first.contains { $0.focused && $0.description == failure },
                          "the screen reader never heard the window's first toast: \(first)")

            let summary = "Imported 2 photos. 1 could not be imported."
            let rewritten = try AccessibleEvents.described(during: { window.notification.show(summary) },
                                                           until: { $0.description.contains(summary) })
            XCTAssertTrue(rewritten.contains { $0.focused && $0.description == failure + "\n" + summary },
                          "the screen reader never heard the rewritten toast: \(rewritten)")

            // Once the focus moves on, the widget has its own description again, and the
            // screen reader, which speaks only the focus's, hears nothing more of the toast.
            let other = try XCTUnwrap(tree(of: window.window).compactMap { $0.as(Button.self) }.first { $0 != focus && $0.isMapped },
                                      "no other button in the window to move the focus to")
            let given = try AccessibleEvents.described(during: { XCTAssertTrue(other.grabFocus()) },
                                                       until: { !$0.focused && !$0.description.contains(summary) })
            XCTAssertTrue(given.contains { !$0.focused && !$0.description.contains(summary) },
                          "the widget the focus left kept the toast as its description: \(given)")
            XCTAssertFalse(given.contains { $0.focused && $0.description.contains(summary) },
                           "the toast was said again after the focus moved: \(given)")
        }
    }
}
