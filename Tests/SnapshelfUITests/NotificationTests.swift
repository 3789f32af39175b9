// The window's toast keeps every message readable, however many there are, without growing past
// one line: what its line cannot say is in the dialog behind its Details button.
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
            let toast = try shownToast(in: window)
            XCTAssertLessThan(toast.bounds.height, 80, "twelve messages made the toast more than one line")
            XCTAssertEqual(tree(of: window.toasts).filter { $0.typeName == "AdwToastWidget" }.count, 1, "one event, one toast")
            try pressToastButton("Details", in: window)
            let details = try detailsDialog()
            let shown = ([details.heading, details.body] + labelTexts(in: details)).joined(separator: "\n")
            for message in messages {
                XCTAssertTrue(shown.contains(message), "“\(message)” cannot be read in the details")
            }
            XCTAssertLessThan(details.height, 600, "twelve messages pushed the dialog past the window")
            details.destroy()
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

    /// A decoder's reason may be 300 characters without a space (issue 19); the toast's line is
    /// cut rather than widen the toast past the window, and the details break it into lines.
    func testAMessageWithAVeryLongWordStaysWithinTheWindow() throws {
        try onMain {
            let window = try launch()
            let message = "Could not import “x.hostile”: the image is damaged (\(String(repeating: "x", count: 300)))."
            window.notification.show(message)
            let bounds = try shownToast(in: window).bounds
            XCTAssertGreaterThanOrEqual(bounds.x, 0, "the toast starts left of the window")
            XCTAssertLessThanOrEqual(bounds.x + bounds.width, Double(window.window.width), "the toast runs past the window")
            try pressToastButton("Details", in: window)
            let details = try detailsDialog()
            XCTAssertEqual(details.body, message)
            XCTAssertLessThanOrEqual(details.width, window.window.width, "the details run past the window")
            details.destroy()
        }
    }

    /// A sentence or two is laid out as wide as it reads well and shows whole, not wrapped into a
    /// narrow box that cuts it off and must be scrolled: its first sentence on the toast's one
    /// line, and whole in its details.
    func testASentenceOrTwoShowWholeWithoutScrolling() throws {
        try onMain {
            let window = try launch()
            let message = "Imported 4 photos. 2 kept the titles they came with instead of the label chosen for the rest."
            window.notification.show(message)
            _ = try shownToast(in: window)
            XCTAssertEqual(window.notification.title, "Imported 4 photos.")
            try pressToastButton("Details", in: window)
            let details = try detailsDialog()
            XCTAssertEqual(details.body, message)
            XCTAssertFalse(tree(of: details).contains { $0.typeName == "GtkScrolledWindow" && $0.isMapped },
                           "one message must be scrolled")
            XCTAssertGreaterThan(details.width, 300, "the message is squeezed into a narrow column")
            details.destroy()
        }
    }

    func testMessagesAndTheUndoNoticeShowInOnePlaceAtTheFootOfTheWindow() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            window.notification.show("A message.")
            window.grid.select(positions: [0])
            window.window.activateAction(Command.remove.detailedName)
            try waitUntil { window.history.notice.showsStep }
            let toast = try shownToast(in: window).bounds
            XCTAssertGreaterThan(toast.y, Double(window.window.height) / 2, "the toast is not at the foot of the window")
            XCTAssertEqual(tree(of: window.toasts).filter { $0.typeName == "AdwToastWidget" }.count, 1,
                           "the message and the undo show in two places")
            XCTAssertEqual(window.notification.text, "A message.")
            XCTAssertEqual(window.notification.stepText, "Removed 1 photo")
            XCTAssertTrue(window.notification.offersUndo)
        }
    }
}
