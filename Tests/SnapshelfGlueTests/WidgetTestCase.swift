// What the glue tests that make widgets share: GTK started on the test's display (Xvfb under
// `make test`), since widgets cannot be made without one.
import SnapshelfGlue
import XCTest

class WidgetTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated {
            precondition(Display.open(), "GTK cannot open a display: run the glue tests with `make test` (Xvfb)")
        }
    }
}
