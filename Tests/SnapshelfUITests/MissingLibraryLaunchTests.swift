// `snapshelf --library DIR` and SNAPSHELF_LIBRARY=DIR for a folder that is not there, as for a
// library on an unplugged disk: the real app asks, and leaves no empty library in its place.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class MissingLibraryLaunchTests: FolderTestCase {
    private var apps: [WindowProcess] = []

    override func tearDown() {
        apps.forEach { $0.stop() }
        apps = []
        super.tearDown()
    }

    private func checkAsked(_ arguments: [String], environment: [String: String] = [:], library: URL) throws {
        let app = try WindowProcess(arguments, in: folder.url, environment: environment)
        apps.append(app)
        _ = try app.waitForWindow(named: "Snapshelf")
        try app.waitUntil("the missing library was not named on stderr", whileRunning: true) {
            app.stderr.contains("there is no library folder at \(library.path)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: library.path), "an empty library was made in place of the named one")
    }

    func testANamedLibraryThatIsNotThereIsNotMade() throws {
        let unplugged = folder.url.appendingPathComponent("media/usb/Photos")
        try checkAsked(["--library", unplugged.path], library: unplugged)
    }

    func testALibraryInTheEnvironmentThatIsNotThereIsNotMade() throws {
        let unplugged = folder.url.appendingPathComponent("media/other/Photos")
        try checkAsked([], environment: ["SNAPSHELF_LIBRARY": unplugged.path], library: unplugged)
    }

    /// The library chosen instead runs under its own ID, as if it had been named: a later launch on
    /// it finds this window and hands over, instead of opening a second window on one library.
    func testALibraryChosenInsteadIsTheOneALaterLaunchFinds() throws {
        let unplugged = folder.url.appendingPathComponent("media/usb/Photos")
        let other = folder.url.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let app = try WindowProcess(["--library", unplugged.path], in: folder.url)
        apps.append(app)
        let question = try app.waitForWindow(named: "Snapshelf")
        // The focus starts on Choose Another….
        try WindowProcess.xdotool("windowfocus", "--sync", question)
        try WindowProcess.xdotool("key", "Return")
        let chooser = try app.waitForWindow(named: "Choose a Library Folder")
        try WindowProcess.xdotool("windowfocus", "--sync", chooser)
        try WindowProcess.xdotool("key", "ctrl+l")
        try WindowProcess.xdotool("type", other.path + "/")
        try WindowProcess.xdotool("key", "Return")
        // GTK names the application's object path after the ID the process registered under.
        let instance = try XCTUnwrap(LibraryLocation.instanceName(of: other, environment: try WindowProcess.environment(in: folder.url)))
        try app.waitUntil("the chosen library's window did not open under its own ID") {
            try app.windows(named: "Snapshelf").contains { window in
                // The question's window may be gone between the search and this look.
                let path = try? ExternalProgram.output(of: "/usr/bin/xprop", ["-id", window, "_GTK_APPLICATION_OBJECT_PATH"])
                return path?.hasSuffix("/\(instance)\"\n") == true
            }
        }

        let later = try WindowProcess(["--library", other.path], in: folder.url)
        apps.append(later)
        try later.waitUntil("a later launch on the chosen library did not hand over to its window", whileRunning: false) { !later.isRunning }
        XCTAssertEqual(later.process.terminationStatus, 0, later.stderr)
        XCTAssertEqual(try app.windows(named: "Snapshelf").count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: unplugged.path), "an empty library was made in place of the named one")
    }
}
