// Runs a program the tests make files with, such as heif-enc or avifenc, from /usr/bin, where
// `make test` installs them; a tool that fails stops the test with its name.
import Foundation

public enum ExternalTool {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try ProcessExit(running: process).wait()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}
