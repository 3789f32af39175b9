// The label dialog's keys after the person used its other controls: Enter still saves.
import Foundation
import SnapshelfGlue
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfUI

final class LabelDialogKeysTests: AppTestCase, @unchecked Sendable {
    func testTickingTheBoxForTheRestLeavesEnterToSave() throws {
        try onMain {
            let window = try launch()
            window.importFlow.importFiles(Array(SamplePhotos.cameras.prefix(3)))
            let dialog = try waitForDialog(in: window)
            try waitUntil { dialog.isWaitingForLabel }
            dialog.entryWidget.text = "Harbour"
            // As a click does: the box takes the focus, then ticks.
            dialog.forTheRestToggle.grabFocus()
            dialog.forTheRestToggle.isActive = true
            XCTAssertTrue(focusIsInside(dialog.entryWidget), "the box kept the keyboard, where Enter would tick it again")
            XCTAssertEqual(dialog.entryWidget.text, "Harbour")
            pressEnter(in: dialog.entryWidget)
            try waitUntil("the three photos were never saved") { window.store.count == 3 && !window.importFlow.isRunning }
            let labels = (0..<3).compactMap { window.store.photo(at: $0)?.label }
            XCTAssertEqual(labels, ["Harbour", "Harbour", "Harbour"])
        }
    }
}
