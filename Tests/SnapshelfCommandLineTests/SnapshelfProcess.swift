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
    static func run(_ arguments: [String], environment: [String: String] = [:], through wrapper: [String] = []) throws
        -> Outcome {
        let process = Process()
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var merged = ProcessInfo.processInfo.environment
        // No command may need a display, so none is given.
        merged.removeValue(forKey: "DISPLAY")
        merged.removeValue(forKey: "WAYLAND_DISPLAY")
        merged.removeValue(forKey: "SNAPSHELF_LIBRARY")
        // Messages are checked in English unless a test asks for a language.
        for variable in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            merged.removeValue(forKey: variable)
        }
        environment.forEach { merged[$0.key] = $0.value }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a long listing cannot fill a pipe and stall.
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self)
        )
    }
}
