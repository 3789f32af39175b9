// The toast wrappers on real libadwaita objects: the title kept as plain text, the timeout in
// whole seconds, the handlers' signals, and who keeps a toast alive once it is shown.
import CAdwaita
import CGtk
import XCTest
@testable import SnapshelfGlue

final class ToastTests: WidgetTestCase {
    func testATitleIsShownAsWrittenNotReadAsMarkup() {
        MainActor.assumeIsolated {
            let toast = Toast(title: "Could not read a&b <1>.jpg")
            XCTAssertEqual(toast.title, "Could not read a&b <1>.jpg")
            XCTAssertEqual(String(cString: adw_toast_get_title(toast.opaque)), "Could not read a&amp;b &lt;1&gt;.jpg")
            toast.setTitle("Imported 8 photos, 1 already in the library")
            XCTAssertEqual(String(cString: adw_toast_get_title(toast.opaque)), "Imported 8 photos, 1 already in the library")
        }
    }

    func testTheTimeoutIsWholeSecondsAndNilStaysUntilDismissed() {
        MainActor.assumeIsolated {
            let toast = Toast(title: "Removed 3 photos")
            toast.timeout = .milliseconds(1500)
            XCTAssertEqual(adw_toast_get_timeout(toast.opaque), 2, "a part second is rounded up, not cut")
            XCTAssertEqual(toast.timeout, .seconds(2))
            toast.timeout = .milliseconds(10)
            XCTAssertEqual(adw_toast_get_timeout(toast.opaque), 1, "0 would mean never: a short time stays short")
            toast.timeout = nil
            XCTAssertEqual(adw_toast_get_timeout(toast.opaque), 0)
            XCTAssertNil(toast.timeout)
        }
    }

    func testButtonActionAndPriorityReachTheToast() {
        MainActor.assumeIsolated {
            let toast = Toast(title: "Removed 3 photos")
            XCTAssertNil(toast.buttonLabel)
            toast.buttonLabel = "_Undo"
            toast.actionName = "win.undo"
            toast.priority = .high
            XCTAssertEqual(String(cString: adw_toast_get_button_label(toast.opaque)), "_Undo")
            XCTAssertEqual(toast.actionName, "win.undo")
            XCTAssertEqual(adw_toast_get_priority(toast.opaque), ADW_TOAST_PRIORITY_HIGH)
            XCTAssertEqual(toast.priority, .high)
        }
    }

    func testTheButtonHandlerRunsUntilDisconnected() {
        MainActor.assumeIsolated {
            let toast = Toast(title: "Imported 8 photos")
            var clicks = 0
            let connection = toast.onButtonClicked { clicks += 1 }
            SignalEmitter.emit("button-clicked", on: toast)
            XCTAssertEqual(clicks, 1)
            connection.disconnect()
            SignalEmitter.emit("button-clicked", on: toast)
            XCTAssertEqual(clicks, 1)
        }
    }

    func testTheOverlayKeepsAShownToastAndDismissingItIsReported() {
        MainActor.assumeIsolated {
            let window = Window()
            let overlay = ToastOverlay()
            overlay.setChild(Label())
            window.setChild(overlay)
            window.present()
            var toast: Toast? = Toast(title: "Exported 2 photos")
            var dismissals = 0
            toast!.onDismissed { dismissals += 1 }
            overlay.addToast(toast!)
            let lifetime = ObjectLifetime(toast!.raw)
            let shown = toast!
            toast = nil
            XCTAssertTrue(lifetime.isAlive, "the overlay keeps a toast it shows")
            shown.dismiss()
            XCTAssertEqual(dismissals, 1)
            window.destroy()
        }
    }

    func testAHandlersClosureGoesWithTheToast() {
        MainActor.assumeIsolated {
            var toast: Toast? = Toast(title: "Removed 3 photos")
            weak var weakWitness: Witness?
            do {
                let witness = Witness()
                weakWitness = witness
                toast!.onDismissed { _ = witness }
            }
            XCTAssertNotNil(weakWitness)
            toast = nil
            XCTAssertNil(weakWitness, "finalising the toast must release its handlers' closures")
        }
    }
}
