// Finds the toast libadwaita shows over the window's foot, once it has slid in and settled, so a
// test can read where it stands and what a screen reader sees in it.
import SnapshelfGlue
import XCTest
@testable import SnapshelfUI

extension AppTestCase {
    /// The toast shown now, settled where its slide ended; measured mid-slide it stands lower.
    @MainActor
    func shownToast(in window: LibraryWindow) throws -> (widget: Widget, bounds: Rectangle) {
        var shown: Widget?
        try waitUntil("no toast was shown") {
            shown = tree(of: window.toasts).first { $0.typeName == "AdwToastWidget" && $0.isMapped }
            return shown != nil
        }
        let widget = try XCTUnwrap(shown)
        let bounds = try waitUntilSteady("the toast never settled", of: window.window) { widget.bounds(in: window.window) }
        return (widget, try XCTUnwrap(bounds))
    }
}
