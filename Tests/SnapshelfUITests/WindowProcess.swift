// The real snapshelf, started as a process of its own under the tests' display, with private XDG
// folders and in English, and watched through xdotool: for what only a process shows, such as
// the loaders GdkPixbuf reads once per process or a second launch handing over to the first.
import Foundation
import SnapshelfTestSupport
import XCTest

final class WindowProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    private let exit: ProcessExit
    /// A file rather than a pipe, which nobody would read while the app runs.
    private let errors: URL

    /// Starts snapshelf with the arguments; `folder` holds its XDG folders and what it writes on stderr.
    init(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws {
        XCTAssertNotNil(ProcessInfo.processInfo.environment["DISPLAY"], "run the UI tests under Xvfb, as `make test` does")
        errors = folder.appendingPathComponent("snapshelf-\(UUID().uuidString).err")
        process.executableURL = BuiltProducts.snapshelf
        process.arguments = arguments
        process.environment = try Self.environment(in: folder).merging(extra) { $1 }
        try Data().write(to: errors)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        exit = try ProcessExit(running: process)
    }

    /// The tests' environment in English, with XDG folders of the app's own in `folder`.
    static func environment(in folder: URL) throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for variable in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SNAPSHELF_LIBRARY"] {
            environment.removeValue(forKey: variable)
        }
        for (variable, folderName) in [("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config")] {
            let own = folder.appendingPathComponent("xdg/\(folderName)")
            // Made here, as a session makes them, so GTK has its shader cache where it looks.
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            environment[variable] = own.path
        }
        return environment
    }

    var isRunning: Bool { process.isRunning }

    /// Ends the app if it still runs, as a test's tear-down does.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        exit.wait()
    }

    /// The first of the app's shown windows whose title is exactly `title`, once there is one.
    func waitForWindow(named title: String) throws -> String {
        var found: String?
        try waitUntil("no window “\(title)” appeared") {
            found = try windows(named: title).first
            return found != nil
        }
        return try XCTUnwrap(found)
    }

    func windows(named title: String) throws -> [String] {
        // --all: every condition must hold, where xdotool's default is any of them.
        do {
            return try Self.xdotool("search", "--all", "--onlyvisible", "--pid", String(process.processIdentifier), "--name", "^\(title)$")
                .split(separator: "\n").map(String.init)
        } catch let failure as ExternalProgram.Failure where failure.status == 1 {
            // What search says when no window matches.
            return []
        }
    }

    /// Polls the condition for 30 s, failing early, with what the app said, if it ends meanwhile.
    func waitUntil(_ description: String, whileRunning: Bool = true, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try !condition() {
            if whileRunning && !process.isRunning {
                throw Failure(description: "\(description): snapshelf ended with status \(process.terminationStatus) first. \(stderr)")
            }
            guard ContinuousClock.now < deadline else { throw Failure(description: "\(description) in 30 s. \(stderr)") }
            // Often enough that a window is seen within a frame or so of showing; each look is an xdotool run.
            usleep(50_000)
        }
    }

    /// Enough of what the app wrote on stderr to tell how it ended, without the whole of a backtrace.
    var stderr: String {
        "stderr: " + ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").prefix(800)
    }

    /// Runs xdotool, bounded, since --sync waits for ever on a window that never comes.
    @discardableResult
    static func xdotool(_ arguments: String...) throws -> String {
        try ExternalProgram.output(of: "/usr/bin/timeout", ["10", "/usr/bin/xdotool"] + arguments)
    }
}
