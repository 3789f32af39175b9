// What every failure about one file has: the file's path, as the file system spells it, and why.
// DecodingFailure and ImportError are such failures.
import Foundation

public protocol FileFailure: Error {
    associatedtype Reason

    /// The file's path as the file system spells it, which need not be UTF-8.
    var fileSystemPath: FileName { get }

    init(fileSystemPath: FileName, reason: Reason)
}

extension FileFailure {
    public init(path: String, reason: Reason) {
        self.init(fileSystemPath: FileName(path), reason: reason)
    }

    /// The failure of the file at a file URL, whose name may be no UTF-8.
    public init(url: URL, reason: Reason) {
        self.init(fileSystemPath: FileName(url: url), reason: reason)
    }

    /// The path as text, U+FFFD standing for bytes that are not UTF-8; see `displayPath` for messages.
    public var path: String { fileSystemPath.text }

    /// The path as messages show it; see `DisplayName`.
    public var displayPath: String { fileSystemPath.displayed }

    /// The file's name alone, as messages in the window show it.
    public var fileName: String { DisplayName.baseName(of: fileSystemPath) }
}
