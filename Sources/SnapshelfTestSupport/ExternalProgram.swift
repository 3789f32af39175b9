// Runs one of the tools the tests build or check things with (gcc, exiftool, xdotool…) and gives
// back what it printed, or throws with what it said on stderr when it fails.
import Foundation

public enum ExternalProgram {
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int32
        public let description: String
    }

    @discardableResult
    public static func output(of program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exit = try ProcessExit(running: process)
        // Both pipes drain at once, so neither a long output nor a long complaint can stall the tool.
        let said = ErrorCollector(errors.fileHandleForReading)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        let complaint = String(decoding: said.wait(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(status: process.terminationStatus, description: "\((program as NSString).lastPathComponent) "
                          + "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(complaint)")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
