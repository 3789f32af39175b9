// Why a file could not become a photo in the library, worded for the person who chose it: it
// could not be read or decoded as an image (a DecodingFailure), or import's own steps failed.
import Foundation

public struct ImportError: FileFailure, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The file could not be read or decoded as an image.
        case file(DecodingFailure.Reason)
        case changedDuringImport
        case copyFailed(String)
        case noSpace
        case databaseFailed(String)
        case libraryReadOnly
    }

    public let fileSystemPath: FileName
    public let reason: Reason

    public init(fileSystemPath: FileName, reason: Reason) {
        self.fileSystemPath = fileSystemPath
        self.reason = reason
    }

    /// The import error of a file that could not be read or decoded.
    public init(_ failure: DecodingFailure) {
        self.init(fileSystemPath: failure.fileSystemPath, reason: .file(failure.reason))
    }

    /// Why, in the person's language.
    public var explanation: String {
        switch reason {
        case .file(let reason): reason.explanation
        case .changedDuringImport: tr("the file changed while it was being imported; try again")
        case .copyFailed(let detail): String(format: tr("it could not be copied into the library (%@)"), detail)
        case .noSpace: tr("there is not enough space on the disk for the library's copy")
        case .databaseFailed(let detail): String(format: tr("the library could not record it (%@)"), detail)
        case .libraryReadOnly: tr("the library is read-only, so nothing can be added to it")
        }
    }
}
