// Why a file could not become a photo in the library, worded for the person who chose it.
import Foundation

public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case missing
        case isDirectory
        case notRegularFile
        case unreadable(String)
        case empty
        case unsupportedFormat
        case undecodable(String)
        case copyFailed(String)
        case databaseFailed(String)
    }

    /// The path as the person gave it.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The file's name alone, for messages in the window.
    public var fileName: String { (path as NSString).lastPathComponent }

    public var explanation: String {
        switch reason {
        case .missing: "there is no file at this path"
        case .isDirectory: "it is a folder, not a file"
        case .notRegularFile: "it is not a regular file"
        case .unreadable(let detail): "it cannot be read (\(detail))"
        case .empty: "the file is empty"
        case .unsupportedFormat: "it is not an image in a format Snapshelf can read"
        case .undecodable(let detail): "the image is damaged or incomplete (\(detail))"
        case .copyFailed(let detail): "it could not be copied into the library (\(detail))"
        case .databaseFailed(let detail): "the library could not record it (\(detail))"
        }
    }

    public var description: String { "\(path): \(explanation)" }
}
