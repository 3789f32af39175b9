// The translations in po/, read and compiled for a test the way meson builds and installs them.
import Foundation

public enum ShippedTranslation {
    /// The project's own folder, which holds po/ and Sources/.
    public static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func poFile(for language: String) -> URL {
        projectRoot.appendingPathComponent("po/\(language).po")
    }

    /// Compiles po/<language>.po with msgfmt into a locale folder inside `folder`, laid out as
    /// <prefix>/share/locale is, and returns that locale folder.
    public static func compile(_ language: String, into folder: URL) throws -> URL {
        let locale = folder.appendingPathComponent("locale")
        let messages = locale.appendingPathComponent("\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try run("/usr/bin/msgfmt", ["--check", "-o", messages.appendingPathComponent("snapshelf.mo").path,
                                    poFile(for: language).path])
        return locale
    }

    /// Runs a gettext tool from the project's folder, throwing when it fails.
    public static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = projectRoot
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }

    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
