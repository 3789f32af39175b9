// F1 showed "Document Not Found" in a window `make run` started: the manual is installed only by
// meson. Run from its source tree, Snapshelf shows the tree's pages; installed, help:snapshelf.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ManualLocationTests: XCTestCase {
    private let folders = TemporaryDirectory()
    /// The test bundle, built in the source tree as snapshelf-window is.
    private let builtInTree = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()

    private func environment(dataFolders: [URL]) -> [String: String] {
        ["HOME": folders.url.path, "XDG_DATA_HOME": dataFolders[0].path,
         "XDG_DATA_DIRS": dataFolders.dropFirst().map(\.path).joined(separator: ":")]
    }

    private func emptyFolder(_ name: String) throws -> URL {
        let folder = folders.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func testABuildInItsSourceTreeShowsTheTreesPages() throws {
        let uri = ManualLocation.uri(environment: environment(dataFolders: [try emptyFolder("home"), try emptyFolder("system")]),
                                     executable: builtInTree)
        XCTAssertTrue(uri.hasPrefix("ghelp:/"), uri)
        let pages = String(uri.dropFirst("ghelp:".count))
        XCTAssertTrue(FileManager.default.fileExists(atPath: pages + "/index.page"), uri)
        XCTAssertTrue(FileManager.default.fileExists(atPath: pages + "/label.page"), uri)
    }

    func testAnInstalledManualIsShownByItsName() throws {
        let system = try emptyFolder("system")
        try FileManager.default.createDirectory(at: system.appendingPathComponent("help/C/snapshelf"), withIntermediateDirectories: true)
        try Data("<page/>".utf8).write(to: system.appendingPathComponent("help/C/snapshelf/index.page"))
        let uri = ManualLocation.uri(environment: environment(dataFolders: [try emptyFolder("home"), try emptyFolder("other"), system]),
                                     executable: builtInTree)
        XCTAssertEqual(uri, "help:snapshelf")
    }

    func testWithNeitherTheViewerIsAskedForTheInstalledName() throws {
        let elsewhere = try emptyFolder("a/b/c/d/e/bin").appendingPathComponent("snapshelf-window")
        let uri = ManualLocation.uri(environment: environment(dataFolders: [try emptyFolder("home"), try emptyFolder("system")]),
                                     executable: elsewhere)
        XCTAssertEqual(uri, "help:snapshelf")
    }
}
