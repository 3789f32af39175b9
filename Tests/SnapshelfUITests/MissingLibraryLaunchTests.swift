// `snapshelf --library DIR` and SNAPSHELF_LIBRARY=DIR for a folder that is not there, as for a
// library on an unplugged disk: the real app asks, and leaves no empty library in its place.
import Foundation
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
}
