// The real snapshelf, started on a hostile file and a good photo as "Open With" starts it, under
// this test's display: whatever the hostile loader does to the decoder, the window must stay up,
// say which file failed and why, and still import the good photo (issue 14). GdkPixbuf reads its
// loaders once per process, so the app runs as a process of its own, driven with xdotool.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileDecoderWindowTests: FolderTestCase {
    private var loader: HostileLoader!
    private var app: WindowProcess?
    private let goodPhoto = SamplePhotos.cameras[0]
    private var library: URL { folder.url.appendingPathComponent("library") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        continueAfterFailure = false
        loader = try HostileLoader()
    }

    override func tearDown() {
        app?.stop()
        app = nil
        loader = nil
        super.tearDown()
    }

    func testTheWindowOutlivesADecoderThatCrashes() throws {
        let problem = try importInTheWindow(.crash, named: "crash")
        XCTAssertTrue(problem.contains("crashed"), problem)
    }

    func testTheWindowOutlivesADecoderThatHangs() throws {
        let problem = try importInTheWindow(.spin, named: "spin")
        XCTAssertTrue(problem.contains("took too long"), problem)
    }

    /// Opens the hostile file and then the good photo in a new window, labels the photo when its
    /// dialog comes, and quits; returns what the window's notification said about the hostile file.
    private func importInTheWindow(_ attack: HostileLoader.Attack, named name: String) throws -> String {
        let hostile = try loader.file(attack, in: folder.url, named: name)
        let app = try start(opening: [hostile, goodPhoto])

        let dialog = try app.waitForWindow(named: "Label Photo")
        try WindowProcess.xdotool("windowfocus", "--sync", dialog)
        try WindowProcess.xdotool("type", "survived")
        try WindowProcess.xdotool("key", "Return")
        // The good photo was the last file, so its label ends the import and closes the dialog.
        try app.waitUntil("the label dialog never closed") { try app.windows(named: "Label Photo").isEmpty }

        let processID = app.process.processIdentifier
        let tree = try MainActor.assumeIsolated { try AccessibleTree.read(processID: processID) }
        let problem = tree.flatMap(\.subtree).map(\.name).first { $0.contains(hostile.lastPathComponent) } ?? ""
        XCTAssertFalse(problem.isEmpty, "the window does not name \(hostile.lastPathComponent)")

        try WindowProcess.xdotool("windowfocus", "--sync", try app.waitForWindow(named: "Snapshelf"))
        try WindowProcess.xdotool("key", "ctrl+q")
        try app.waitUntil("snapshelf did not quit on Ctrl+Q", whileRunning: false) { !app.isRunning }
        XCTAssertEqual(app.process.terminationStatus, 0, app.stderr)

        let listing = try ExternalProgram.output(of: BuiltProducts.snapshelf.path, ["--library", library.path, "list", "--json"])
        let photos = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
        XCTAssertEqual(photos.map { $0["original_name"] as? String }, [goodPhoto.lastPathComponent])
        XCTAssertEqual(photos.map { $0["label"] as? String }, ["survived"])
        return problem
    }

    /// Starts snapshelf on a library of its own with the loader's environment, opening the files.
    private func start(opening files: [URL]) throws -> WindowProcess {
        // A folder that is there: a named library that is missing opens a page that asks about it.
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let app = try WindowProcess(["--library", library.path] + files.map(\.path), in: folder.url,
                                    environment: loader.environment.merging(["SNAPSHELF_DECODE_TIMEOUT": "3"]) { $1 })
        self.app = app
        return app
    }
}
