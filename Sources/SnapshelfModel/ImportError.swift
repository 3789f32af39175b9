// Why a file could not become a photo in the library, worded for the person who chose it.
import Foundation

public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case missing
        case nameNotUTF8
        case symlinkLoop
        case permissionDenied
        case isDirectory
        case notRegularFile
        case unreadable(String)
        case empty
        case notAnImage
        case unsupportedFormat(String)
        case tooManyPixels(width: Int, height: Int)
        case incomplete(String)
        case undecodable(String)
        case changedDuringImport
        case copyFailed(String)
        case noSpace
        case databaseFailed(String)
    }

    /// The file's path, as the file system spells it; see `displayPath` for messages.
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
        case .nameNotUTF8: "its name is not valid UTF-8, so it cannot be opened by name; rename it and try again"
        case .symlinkLoop: "it is a symbolic link that leads back to itself"
        case .permissionDenied: "you do not have permission to read it"
        case .isDirectory: "it is a folder, not a file"
        case .notRegularFile: "it is not a regular file"
        case .unreadable(let detail): "it cannot be read (\(detail))"
        case .empty: "the file is empty"
        case .notAnImage: "it is not an image"
        case .unsupportedFormat(let type): "its format (\(type)) is not one Snapshelf can read"
        case .tooManyPixels(let width, let height):
            "it declares \(width) × \(height) pixels, more than the limit of \(PhotoCandidate.maximumMegapixels) megapixels"
        case .incomplete(let detail): "the image is incomplete: \(detail)"
        case .undecodable(let detail): "the image is damaged (\(detail))"
        case .changedDuringImport: "the file changed while it was being imported; try again"
        case .copyFailed(let detail): "it could not be copied into the library (\(detail))"
        case .noSpace: "there is not enough space on the disk for the library's copy"
        case .databaseFailed(let detail): "the library could not record it (\(detail))"
        }
    }

    public var description: String { "\(path): \(explanation)" }
}
