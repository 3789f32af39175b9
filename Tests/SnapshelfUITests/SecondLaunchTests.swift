// A second `snapshelf --library L` while L's window is open: it hands its files to that window
// and returns at once, instead of opening a window of its own that waits for the library.
// Only real processes show that, so both launches are the built snapshelf, watched through xdotool.
// Another library runs on its own, though the desktop still sees it as Snapshelf.
import Foundation
import SnapshelfTestSupport
import SnapshelfUI
import XCTest

final class SecondLaunchTests: FolderTestCase {
    private var apps: [WindowProcess] = []
    private var library: URL { folder.url.appendingPathComponent("library") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        continueAfterFailure = false
        // The second launch finds the first on the session bus.
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"],
                        "run the UI tests under dbus-run-session, as `make test` does")
        // Named libraries that are there: one that is not is asked about (MissingLibraryTests).
        for name in ["library", "other"] {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }

    override func tearDown() {
        apps.forEach { $0.stop() }
        apps = []
        super.tearDown()
    }

    func testASecondLaunchHandsItsPhotoToTheOpenWindowAndReturns() throws {
        let first = try launch(["--library", library.path])
        _ = try first.waitForWindow(named: "Snapshelf")

        let photo = SamplePhotos.cameras[0]
        let second = try launch(["--library", library.path, photo.path])
        try second.waitUntil("the second launch did not return", whileRunning: false) { !second.isRunning }
        XCTAssertEqual(second.process.terminationStatus, 0, second.stderr)

        let dialog = try first.waitForWindow(named: "Label Photo")
        try WindowProcess.xdotool("windowfocus", "--sync", dialog)
        try WindowProcess.xdotool("type", "handed over")
        try WindowProcess.xdotool("key", "Return")
        try first.waitUntil("the label dialog never closed") { try first.windows(named: "Label Photo").isEmpty }
        try quit(first)

        let listing = try ExternalProgram.output(of: BuiltProducts.snapshelf.path, ["--library", library.path, "list", "--json"])
        let photos = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
        XCTAssertEqual(photos.map { $0["original_name"] as? String }, [photo.lastPathComponent])
        XCTAssertEqual(photos.map { $0["label"] as? String }, ["handed over"])
    }

    func testASecondLaunchNamesMissingFilesAndAnotherLibraryOpensItsOwnWindow() throws {
        let first = try launch(["--library", library.path])
        _ = try first.waitForWindow(named: "Snapshelf")

        // Without files it only brings the window forward.
        let plain = try launch(["--library", library.path])
        try plain.waitUntil("a plain second launch did not return", whileRunning: false) { !plain.isRunning }
        XCTAssertEqual(plain.process.terminationStatus, 0, plain.stderr)

        let missing = folder.url.appendingPathComponent("not-there.jpg")
        let mistaken = try launch(["--library", library.path, missing.path])
        try mistaken.waitUntil("a launch with a missing file did not return", whileRunning: false) { !mistaken.isRunning }
        XCTAssertEqual(mistaken.process.terminationStatus, 1, mistaken.stderr)
        XCTAssertTrue(mistaken.stderr.contains("not-there.jpg: there is no such file or folder"), mistaken.stderr)
        XCTAssertEqual(try first.windows(named: "Snapshelf").count, 1)
        XCTAssertEqual(try first.windows(named: "Label Photo"), [])

        let other = try launch(["--library", folder.url.appendingPathComponent("other").path])
        let otherWindow = try other.waitForWindow(named: "Snapshelf")
        // Registered under an ID of its library's own, it is still Snapshelf to the desktop.
        let property = try ExternalProgram.output(of: "/usr/bin/xprop", ["-id", otherWindow, "_GTK_APPLICATION_ID"])
        let desktopID = MainActor.assumeIsolated { SnapshelfApplication.id }
        XCTAssertEqual(property, "_GTK_APPLICATION_ID(UTF8_STRING) = \"\(desktopID)\"\n")
        try quit(other)
        try quit(first)
    }

    private func launch(_ arguments: [String]) throws -> WindowProcess {
        let app = try WindowProcess(arguments, in: folder.url)
        apps.append(app)
        return app
    }

    private func quit(_ app: WindowProcess) throws {
        try WindowProcess.xdotool("windowfocus", "--sync", try app.waitForWindow(named: "Snapshelf"))
        try WindowProcess.xdotool("key", "ctrl+q")
        try app.waitUntil("snapshelf did not quit on Ctrl+Q", whileRunning: false) { !app.isRunning }
        XCTAssertEqual(app.process.terminationStatus, 0, app.stderr)
    }
}
