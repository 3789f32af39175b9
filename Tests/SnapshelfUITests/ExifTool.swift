// Runs exiftool, an independent reader and writer of photo metadata, so tests can make photos with
// titles of their own and check what an export wrote without trusting Snapshelf's own reading.
import Foundation

enum ExifTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs exiftool with the arguments and returns what it printed, throwing when it fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "exiftool \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// A copy of a sample photo in `folder` with the XMP dc:title `title`, as a photo app writes it.
    static func copy(of photo: URL, named name: String, in folder: URL, title: String) throws -> URL {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: photo, to: copy)
        try run(["-q", "-overwrite_original", "-XMP-dc:Title=\(title)", copy.path])
        return copy
    }

    /// The XMP dc:title of a file, as exiftool reads it.
    static func title(of file: URL) throws -> String {
        try run(["-s3", "-XMP-dc:Title", file.path]).trimmingCharacters(in: .newlines)
    }
}
