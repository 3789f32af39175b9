// F1 in the real snapshelf hands the manual to the desktop's help viewer: help:snapshelf where
// it is installed, or, run from its source tree as `make run` does, the tree's pages as a ghelp:
// folder. The viewer is a script of the test's, which the app's own XDG folders make the handler
// of help: and ghelp: (as Yelp is on a desktop), so the test is the same whether Yelp is installed.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HelpViewerLaunchTests: FolderTestCase {
    /// The source tree snapshelf was built in: <tree>/.build/<triple>/debug/snapshelf.
    private let tree = BuiltProducts.snapshelf.resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What F1 in a window of the built snapshelf hands to the help viewer.
    private func uriShownByF1() throws -> String {
        let shown = folder.url.appendingPathComponent("shown-uri")
        let viewer = folder.url.appendingPathComponent("help-viewer")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(shown.path).part' && mv '\(shown.path).part' '\(shown.path)'\n"
            .write(to: viewer, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: viewer.path)
        let applications = folder.url.appendingPathComponent("xdg/data/applications")
        let config = folder.url.appendingPathComponent("xdg/config")
        for made in [applications, config] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        try """
            [Desktop Entry]
            Type=Application
            Name=Test Help Viewer
            Exec=\(viewer.path) %u
            MimeType=x-scheme-handler/help;x-scheme-handler/ghelp;
            NoDisplay=true

            """.write(to: applications.appendingPathComponent("snapshelf-test-help.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/help=snapshelf-test-help.desktop\nx-scheme-handler/ghelp=snapshelf-test-help.desktop\n"
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)

        // A folder that is there: a named library that is missing opens a page that asks about it.
        let library = folder.url.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let app = try WindowProcess(["--library", library.path], in: folder.url)
        defer { app.stop() }
        try WindowProcess.xdotool("windowfocus", "--sync", try app.waitForWindow(named: "Snapshelf"))
        try WindowProcess.xdotool("key", "F1")
        try app.waitUntil("F1 started no help viewer") { FileManager.default.fileExists(atPath: shown.path) }
        return try String(contentsOf: shown, encoding: .utf8)
    }

    func testF1InABuildRunFromItsSourceTreeShowsTheTreesPages() throws {
        XCTAssertEqual(try uriShownByF1(), "ghelp:" + tree.appendingPathComponent("help/C").path)
    }

    func testF1ShowsTheInstalledManualByItsName() throws {
        // Installed as meson installs it, in the data folder the app's environment names first.
        let manual = folder.url.appendingPathComponent("xdg/data/help/C/snapshelf")
        try FileManager.default.createDirectory(at: manual, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tree.appendingPathComponent("help/C/index.page"), to: manual.appendingPathComponent("index.page"))
        XCTAssertEqual(try uriShownByF1(), "help:snapshelf")
    }
}
