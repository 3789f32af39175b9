// The screen reader reads the toasts (issue 33). A toast is in the accessible tree as an alert,
// the role screen readers speak as it is added, named by everything its event says
// and not only the line it shows. GTK 4.8 has no announcements, and tells AT-SPI of an object only
// once a screen reader has asked for it, as one does while it reads the window: from then on, each
// thing the toast says makes AT-SPI tell the listener it was added, with what it now says.
import Foundation
import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

final class ToastAccessibilityTests: AppTestCase, @unchecked Sendable {
    func testAToastIsAnAlertNamedByAllItSaysAndAnnouncedAsItChanges() throws {
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

            let more = "Could not import “b.jpg”: the file is empty."
            let heard = try AccessibleEvents.added(during: { window.notification.show(more) },
                                                   until: { $0.role == "alert" && $0.name.contains(more) })
            XCTAssertTrue(heard.contains { $0.role == "alert" && $0.name == [failure, summary, more].joined(separator: "\n") },
                          "the listener never heard the toast say it: \(heard)")
        }
    }
}
