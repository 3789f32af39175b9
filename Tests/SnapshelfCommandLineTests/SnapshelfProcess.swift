// Runs the built `snapshelf` executable as a person or a script would, capturing what it prints.
import Foundation
import SnapshelfTestSupport

struct SnapshelfProcess {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable SwiftPM built beside this test bundle.
    static var executable: URL { BuiltProducts.snapshelf }

    /// What to run snapshelf through so that it meets file permissions as any user would: root
    /// reads and writes anything, but not without these capabilities.
    static let unprivileged = geteuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search"] : []

    /// Runs snapshelf with the arguments; `through` names a program (and its arguments) to run
    /// snapshelf with, such as `sh -c` or `setpriv`, which then gets the executable's path.
    /// `program` is another copy of snapshelf to run, such as one another user can reach.
    static func run(_ arguments: [String], environment: [String: String] = [:], through wrapper: [String] = [],
                    program: URL = executable) throws -> Outcome {
        let process = Process()
        if let first = wrapper.first {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(wrapper.dropFirst()) + [program.path] + arguments
        } else {
            process.executableURL = program
            process.arguments = arguments
        }
        process.environment = Self.environment(adding: environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exit = try ProcessExit(running: process)
        // Read both pipes to the end before waiting, so a long listing cannot fill a pipe and stall.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self)
        )
    }

    /// Starts snapshelf with the arguments, printing nowhere, without waiting for it.
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = silent(arguments, environment: environment)
        try process.run()
        return process
    }

    /// Runs snapshelf with the arguments, printing nowhere, and kills it `delay` after it starts
    /// (a moment the test chose, see KillMoments); returns whether it had finished its work by then.
    static func killed(_ arguments: [String], after delay: Duration, environment: [String: String] = [:]) throws -> Bool {
        let process = silent(arguments, environment: environment)
        let exit = try ProcessExit(running: process)
        usleep(UInt32(delay / .microseconds(1)))
        kill(process.processIdentifier, SIGKILL)
        exit.wait()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// A snapshelf process with the arguments, not yet started, that prints nowhere.
    static func silent(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    /// The test's environment with `extra`, less what would change how snapshelf runs or speaks.
    static func environment(adding extra: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        // No command may need a display, so none is given.
        merged.removeValue(forKey: "DISPLAY")
        merged.removeValue(forKey: "WAYLAND_DISPLAY")
        merged.removeValue(forKey: "SNAPSHELF_LIBRARY")
        // Messages are checked in English unless a test asks for a language.
        for variable in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            merged.removeValue(forKey: variable)
        }
        return merged.merging(extra) { $1 }
    }
}
