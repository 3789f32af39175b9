// The overlay's mending of libadwaita 1.2's toasts on real objects: a shown toast is an alert for
// screen readers, and a rewritten one takes its new timeout from now, or stays until dismissed,
// where libadwaita would keep counting the timeout it read as the toast first showed.
import CAdwaita
import CGtk
import Foundation
import XCTest
@testable import SnapshelfGlue

final class ToastOverlayTests: WidgetTestCase {
    /// Runs the main loop until `condition` holds or `timeout` seconds pass; says whether it held.
    @MainActor
    private static func spin(until condition: () -> Bool, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            g_main_context_iteration(nil, 0)
        }
        return condition()
    }

    @MainActor
    private static func presentedOverlay() -> (window: Window, overlay: ToastOverlay) {
        let window = Window()
        let overlay = ToastOverlay()
        overlay.setChild(Label())
        window.setChild(overlay)
        window.present()
        return (window, overlay)
    }

    func testAShownToastIsAnAlertForScreenReaders() {
        MainActor.assumeIsolated {
            let (window, overlay) = Self.presentedOverlay()
            let toast = Toast(title: "Imported 1 photo. 12 could not be imported.")
            toast.spokenText = "Could not import “a.jpg”.\nImported 1 photo. 12 could not be imported."
            overlay.addToast(toast)
            let shown = overlay.children.first { $0.typeName == "AdwToastWidget" }
            XCTAssertNotNil(shown, "the toast is not in the overlay")
            shown.map { XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer($0.raw)), GTK_ACCESSIBLE_ROLE_ALERT) }
            XCTAssertEqual(toast.spokenText, "Could not import “a.jpg”.\nImported 1 photo. 12 could not be imported.")
            window.destroy()
        }
    }

    func testARestartedTimeoutHoldsTheToastOrCountsFromNow() {
        MainActor.assumeIsolated {
            let (window, overlay) = Self.presentedOverlay()
            let toast = Toast(title: "A message.")
            toast.timeout = .seconds(1)
            var dismissals = 0
            toast.onDismissed { dismissals += 1 }
            overlay.addToast(toast)
            overlay.restartTimeout(of: toast, nil)
            // Twice the second it first had.
            var past = false
            MainLoop.perform(after: .seconds(2)) { past = true }
            XCTAssertTrue(Self.spin { past })
            XCTAssertEqual(dismissals, 0, "the toast went in the time it had before it was told to stay")
            overlay.restartTimeout(of: toast, .seconds(1))
            XCTAssertTrue(Self.spin { dismissals == 1 }, "the toast stayed past its new timeout")
            window.destroy()
        }
    }
}
