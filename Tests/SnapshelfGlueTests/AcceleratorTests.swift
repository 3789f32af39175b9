// Accelerator labels: what tooltips show for a command's key, in GTK's words.
import SnapshelfGlue
import XCTest

final class AcceleratorTests: WidgetTestCase {
    func testAKeyIsWrittenAsTheShortcutsWindowWritesIt() {
        XCTAssertEqual(Accelerator.label("<Control>o"), "Ctrl+O")
        XCTAssertEqual(Accelerator.label("<Shift><Control>r"), "Shift+Ctrl+R")
        XCTAssertEqual(Accelerator.label("F2"), "F2")
    }

    func testSomethingThatIsNoKeyHasNoLabel() {
        XCTAssertNil(Accelerator.label("<Control>"))
        XCTAssertNil(Accelerator.label("no such key"))
    }
}
