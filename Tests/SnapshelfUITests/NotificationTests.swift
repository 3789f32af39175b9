// The in-app notification keeps every message readable, however many there are, without
// growing past a few lines.
import CGtk
import Foundation
import SnapshelfModel
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class NotificationTests: AppTestCase, @unchecked Sendable {
    func testManyMessagesStayReadableInANotificationOfAFewLines() throws {
        try onMain {
            let window = try launch()
            let messages = (1...12).map { "Could not import “photo \($0).jpg”: the file is empty." }
            messages.forEach(window.notification.show)
            try waitUntilRevealed(window.notification.root)
            let shown = labelTexts(in: window.notification.root).joined(separator: "\n")
            for message in messages {
                XCTAssertTrue(shown.contains(message), "“\(message)” cannot be read in the notification")
            }
            XCTAssertLessThan(window.notification.root.height, 200, "twelve messages pushed the notification down the window")
        }
    }

    func testTheSameMessageAgainIsSaidOnceAsTheLatest() throws {
        try onMain {
            let window = try launch()
            let again = "The manual could not be opened: no help viewer is installed, such as Yelp."
            for message in [again, "Could not import “a.jpg”: the file is empty.", again, again] {
                window.notification.show(message)
            }
            XCTAssertEqual(window.notification.text, "Could not import “a.jpg”: the file is empty.\n" + again)
        }
    }

    /// A decoder's reason may be 300 characters without a space (issue 19); it breaks into lines
    /// rather than widen the notification past the window.
    func testAMessageWithAVeryLongWordStaysWithinTheWindow() throws {
        try onMain {
            let window = try launch()
            window.notification.show("Could not import “x.hostile”: the image is damaged (\(String(repeating: "x", count: 300))).")
            try waitUntilRevealed(window.notification.root)
            let bounds = try XCTUnwrap(window.notification.root.bounds(in: window.window))
            XCTAssertGreaterThanOrEqual(bounds.x, 0, "the notification starts left of the window")
            XCTAssertLessThanOrEqual(bounds.x + bounds.width, Double(window.window.width), "the notification runs past the window")
        }
    }

    /// A sentence or two is laid out as wide as it reads well and shows whole, not wrapped into a
    /// narrow box that cuts it off and must be scrolled.
    func testASentenceOrTwoShowWholeWithoutScrolling() throws {
        try onMain {
            let window = try launch()
            window.notification.show("Imported 4 photos. 2 kept the titles they came with instead of the label chosen for the rest.")
            try waitUntilRevealed(window.notification.root)
            let scroller = try XCTUnwrap(tree(of: window.notification.root).first { $0.typeName == "GtkScrolledWindow" })
            let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller.raw))
            XCTAssertLessThanOrEqual(gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment) + 0.5,
                                     "the message is cut off and must be scrolled")
            XCTAssertGreaterThan(window.notification.root.width, 400, "the message is squeezed into a narrow column")
        }
    }

    func testMessagesAndTheUndoNoticeShowInOnePlaceAtTheFootOfTheWindow() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            window.notification.show("A message.")
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            try waitUntil { window.history.notice.isShown }
            // Where each ends its slide up, once both have: mid-slide they stand elsewhere.
            try waitUntilRevealed(window.notification.root)
            let undo = try shownToast(in: window).bounds
            XCTAssertGreaterThan(undo.y, Double(window.window.height) / 2, "the undo toast is not at the foot of the window")
            let message = try XCTUnwrap(window.notification.root.bounds(in: window.window))
            XCTAssertLessThan(message.y, undo.y, "the message is above the undo notice")
            XCTAssertGreaterThan(message.y, Double(window.window.height) / 2, "the message is not at the foot of the window")
        }
    }
}
