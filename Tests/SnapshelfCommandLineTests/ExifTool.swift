// exiftool, the independent reader and writer the tests check Snapshelf's metadata with: what
// Snapshelf writes through Exiv2 must read back the same in a tool that shares no code with it.
import Foundation

enum ExifTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs exiftool with the arguments and returns what it printed.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-charset", "UTF8", "-charset", "iptc=UTF8"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "exiftool \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One tag's value exactly, as `-b` gives it: without the trimming exiftool's display does.
    static func value(_ tag: String, of file: URL) throws -> String {
        try run(["-b", "-\(tag)", file.path])
    }
}
