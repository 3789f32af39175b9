// The real snapshelf, started on a hostile file and a good photo as "Open With" starts it, under
// this test's display: whatever the hostile loader does to the decoder, the window must stay up,
// say which file failed and why, and still import the good photo (issue 14). GdkPixbuf reads its
// loaders once per process, so the app runs as a process of its own, driven with xdotool.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileDecoderWindowTests: FolderTestCase {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var loader: HostileLoader!
    private var app: Process?
    private let goodPhoto = SamplePhotos.cameras[0]
    private var library: URL { folder.url.appendingPathComponent("library") }
    private var errors: URL { folder.url.appendingPathComponent("snapshelf.err") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        continueAfterFailure = false
        loader = try HostileLoader()
    }

    override func tearDown() {
        if let app, app.isRunning {
            app.terminate()
            app.waitUntilExit()
        }
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

        let dialog = try waitForWindow(named: "Label Photo", of: app)
        try xdotool("windowfocus", "--sync", dialog)
        try xdotool("type", "survived")
        try xdotool("key", "Return")
        // The good photo was the last file, so its label ends the import and closes the dialog.
        try waitUntil("the label dialog never closed", app: app) { try windows(named: "Label Photo", of: app).isEmpty }

        let tree = try MainActor.assumeIsolated { try AccessibleTree.read(processID: app.processIdentifier) }
        let problem = tree.flatMap(\.subtree).map(\.name).first { $0.contains(hostile.lastPathComponent) } ?? ""
        XCTAssertFalse(problem.isEmpty, "the window does not name \(hostile.lastPathComponent)")

        try xdotool("windowfocus", "--sync", try waitForWindow(named: "Snapshelf", of: app))
        try xdotool("key", "ctrl+q")
        try waitUntil("snapshelf did not quit on Ctrl+Q", app: app, whileRunning: false) { !app.isRunning }
        XCTAssertEqual(app.terminationStatus, 0, stderr)

        let listing = try ExternalProgram.output(of: BuiltProducts.snapshelf.path, ["--library", library.path, "list", "--json"])
        let photos = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]])
        XCTAssertEqual(photos.map { $0["original_name"] as? String }, [goodPhoto.lastPathComponent])
        XCTAssertEqual(photos.map { $0["label"] as? String }, ["survived"])
        return problem
    }

    /// Starts snapshelf on a library of its own with the loader's environment and private XDG
    /// folders, in English, opening the files.
    private func start(opening files: [URL]) throws -> Process {
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run the UI tests under Xvfb, as `make test` does")
        let app = Process()
        app.executableURL = BuiltProducts.snapshelf
        app.arguments = ["--library", library.path] + files.map(\.path)
        var environment = ProcessInfo.processInfo.environment
        for variable in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SNAPSHELF_LIBRARY"] {
            environment.removeValue(forKey: variable)
        }
        environment.merge(loader.environment) { $1 }
        environment["SNAPSHELF_DECODE_TIMEOUT"] = "3"
        for (variable, folderName) in [("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config")] {
            let own = folder.url.appendingPathComponent("xdg/\(folderName)")
            // Made here, as a session makes them, so GTK has its shader cache where it looks.
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            environment[variable] = own.path
        }
        app.environment = environment
        // A file rather than a pipe, which nobody would read while the app runs.
        try Data().write(to: errors)
        app.standardError = try FileHandle(forWritingTo: errors)
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        self.app = app
        return app
    }

    /// The first of the app's shown windows whose title is exactly `title`, once there is one.
    private func waitForWindow(named title: String, of app: Process) throws -> String {
        var found: String?
        try waitUntil("no window “\(title)” appeared", app: app) {
            found = try windows(named: title, of: app).first
            return found != nil
        }
        return try XCTUnwrap(found)
    }

    private func windows(named title: String, of app: Process) throws -> [String] {
        // --all: every condition must hold, where xdotool's default is any of them.
        do {
            return try xdotool("search", "--all", "--onlyvisible", "--pid", String(app.processIdentifier), "--name", "^\(title)$")
                .split(separator: "\n").map(String.init)
        } catch let failure as ExternalProgram.Failure where failure.status == 1 {
            // What search says when no window matches.
            return []
        }
    }

    /// Polls the condition for 30 s, failing early, with what the app said, if it ends meanwhile.
    private func waitUntil(_ description: String, app: Process, whileRunning: Bool = true,
                           _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try !condition() {
            if whileRunning && !app.isRunning {
                throw Failure(description: "\(description): snapshelf ended with status \(app.terminationStatus) first. \(stderr)")
            }
            guard ContinuousClock.now < deadline else { throw Failure(description: "\(description) in 30 s. \(stderr)") }
            usleep(200_000)
        }
    }

    /// Enough of what the app wrote on stderr to tell how it ended, without the whole of a backtrace.
    private var stderr: String {
        "stderr: " + ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").prefix(800)
    }

    /// Runs xdotool, bounded, since --sync waits for ever on a window that never comes.
    @discardableResult
    private func xdotool(_ arguments: String...) throws -> String {
        try ExternalProgram.output(of: "/usr/bin/timeout", ["10", "/usr/bin/xdotool"] + arguments)
    }
}
