// The base for UI tests: GTK initialised once on the real display (Xvfb under `make test`),
// and a way to let the GLib main loop run until the UI reaches a state.
import CGtk
import Foundation
import SnapshelfTestSupport
import XCTest

// Unchecked Sendable: XCTest runs every test on the main thread, which is also GTK's thread.
class GtkTestCase: XCTestCase, @unchecked Sendable {
    private(set) var library: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try SamplePhotos.requirePresent()
    }

    override func setUp() {
        super.setUp()
        // A UI test that lost its way only produces noise after the first failure.
        continueAfterFailure = false
        library = TemporaryDirectory()
        // Each test's sort order and thumbnail size start from the defaults and stay its own.
        setenv("XDG_CONFIG_HOME", library.url.appendingPathComponent("config").path, 1)
        MainActor.assumeIsolated {
            // What g_application_run takes from argv[0], and tests never call: without it, GTK's
            // recent files name no program to open a chosen folder with, and GLib writes a broken
            // recently-used.xbel (a GLib-CRITICAL from g_markup_escape_text).
            if g_get_prgname() == nil { g_set_prgname("snapshelf") }
            precondition(gtk_init_check() != 0, "GTK cannot open a display: run the UI tests with `make test` (Xvfb)")
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            // Close what a test left open, so the next test starts with no windows.
            let toplevels = gtk_window_get_toplevels()!
            while g_list_model_get_n_items(toplevels) > 0 {
                let window = g_list_model_get_item(toplevels, 0)!
                gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
                g_object_unref(window)
            }
            // What the windows left for the main loop is done before the next test begins.
            do {
                try waitForIdleWork()
            } catch {
                XCTFail("\(error)")
            }
        }
        library = nil
        super.tearDown()
    }

    /// Runs a test's body on the main actor. XCTest on Linux cannot call `@MainActor` test methods,
    /// but it calls every test on the main thread, so the isolation holds.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
