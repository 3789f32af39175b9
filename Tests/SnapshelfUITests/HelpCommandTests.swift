// Help: F1 and the main menu's Help ask the desktop to show help:snapshelf, and without a help
// viewer the window says that none is installed.
import CGtk
import Foundation
import SnapshelfModel
@testable import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

final class HelpCommandTests: AppTestCase, @unchecked Sendable {
    func testHelpIsF1AndInTheMainMenuAndWithoutAViewerTheWindowSaysSo() throws {
        try onMain {
            let window = try launch()
            let app = try XCTUnwrap(applications.last)
            XCTAssertNotEqual(g_action_group_has_action(OpaquePointer(app.application.raw), "help"), 0)
            XCTAssertEqual(app.application.accelerators(for: "app.help"), ["F1"])
            let menu = WindowMenus.main()
            let item = try XCTUnwrap(attributes("action", in: menu).firstIndex(of: "app.help"), "no Help in the main menu")
            XCTAssertEqual(attributes("label", in: menu).dropFirst(item).first, "_Help")
            XCTAssertEqual(HelpManual.uri, ManualLocation.uri())

            // A scheme that no application handles, as help: is without a help viewer, on every machine.
            HelpManual.open(over: window, uri: "x-snapshelf-test-unhandled:manual")
            try waitUntil("no notice that the manual did not open") { window.notification.isShown }
            XCTAssertEqual(window.notification.text, "The manual could not be opened: no help viewer is installed, such as Yelp.")
        }
    }
}
