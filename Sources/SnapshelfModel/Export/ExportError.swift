// Why an export stopped, naming the file it was writing.
import Foundation

public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case noFolder
        case notAFolder
        case insideLibrary
        case noSpace
        case permissionDenied
        case libraryCopyUnreadable(String)
        case metadata(String)
        case failed(String)

        init(errno code: Int32) {
            switch code {
            case ENOSPC, EDQUOT, EFBIG: self = .noSpace
            case EACCES, EPERM, EROFS: self = .permissionDenied
            default: self = .failed(String(cString: strerror(code)))
            }
        }

        init(_ failure: CopyWriter.Failure) {
            switch failure {
            case .source(let error): self = .libraryCopyUnreadable(error.description)
            case .write(let code, let detail): self = [ENOSPC, EDQUOT, EFBIG, EACCES, EPERM, EROFS].contains(code) ? .init(errno: code) : .failed(detail)
            }
        }
    }

    /// The file being written, or the folder when it is the folder that is wrong, as `DisplayName`
    /// shows it.
    public let file: String
    public let reason: Reason

    public var explanation: String {
        switch reason {
        case .noFolder: tr("there is no such folder")
        case .notAFolder: tr("it is a file, not a folder")
        case .insideLibrary: tr("it is inside the library, whose folders hold only the library’s own files; choose a folder outside it")
        case .noSpace: tr("there is not enough space on the disk")
        case .permissionDenied: tr("you do not have permission to write into that folder")
        case .libraryCopyUnreadable(let detail): String(format: tr("the library’s copy cannot be read (%@); `snapshelf check` says more"), detail)
        case .metadata(let detail): String(format: tr("the label could not be written into it (%@)"), detail)
        case .failed(let detail): String(format: tr("it could not be written (%@)"), detail)
        }
    }

    public var description: String {
        switch reason {
        case .noFolder, .notAFolder, .insideLibrary:
            // TRANSLATORS: %@ is the folder chosen for the export, then why it cannot be used.
            String(format: tr("%@: %@; nothing was exported"), file, explanation)
        default:
            // TRANSLATORS: %@ is the file being exported, then why it failed; nothing of it was left behind.
            String(format: tr("%@: %@; the export stopped there, and no part of this file was left behind"), file, explanation)
        }
    }
}
