// F1 in the real snapshelf hands help:snapshelf to the desktop's help viewer. The viewer is a
// script of the test's, which the app's own XDG folders make the handler of help: (as Yelp is on
// a desktop), so the test is the same whether Yelp is installed or not.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HelpViewerLaunchTests: FolderTestCase {
    func testF1ShowsHelpSnapshelfInTheHelpViewer() throws {
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
            MimeType=x-scheme-handler/help;
            NoDisplay=true

            """.write(to: applications.appendingPathComponent("snapshelf-test-help.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/help=snapshelf-test-help.desktop\n"
            .write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)

        let app = try WindowProcess(["--library", folder.url.appendingPathComponent("library").path], in: folder.url)
        defer { app.stop() }
        try WindowProcess.xdotool("windowfocus", "--sync", try app.waitForWindow(named: "Snapshelf"))
        try WindowProcess.xdotool("key", "F1")
        try app.waitUntil("F1 started no help viewer") { FileManager.default.fileExists(atPath: shown.path) }
        XCTAssertEqual(try String(contentsOf: shown, encoding: .utf8), "help:snapshelf")
    }
}
