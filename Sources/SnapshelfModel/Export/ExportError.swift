// Why an export stopped, naming the file it was writing. SnapshelfMessages words it.
import Foundation

public struct ExportError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case noFolder
        case notAFolder
        case insideLibrary
        case noSpace
        case permissionDenied
        /// The folder is on a disk mounted read-only, which no permission changes.
        case readOnly
        case libraryCopyUnreadable(String)
        /// The library's copy could not be read to its end.
        case libraryCopyNotRead(ImportError)
        case metadata(String)
        /// A sandboxed decoder could not read the library's copy as an image, so it does not leave.
        case notAnImage(DecodingFailure)
        /// The private folder the export writes in is not the person's own, or others can write it.
        case workspaceUnsafe
        case failed(String)

        init(errno code: Int32) {
            switch code {
            case ENOSPC, EDQUOT, EFBIG: self = .noSpace
            case EACCES, EPERM: self = .permissionDenied
            case EROFS: self = .readOnly
            default: self = .failed(String(cString: strerror(code)))
            }
        }

        init(_ failure: CopyWriter.Failure) {
            switch failure {
            case .source(let error): self = .libraryCopyNotRead(error)
            case .write(let code, let detail): self = [ENOSPC, EDQUOT, EFBIG, EACCES, EPERM, EROFS].contains(code) ? .init(errno: code) : .failed(detail)
            }
        }
    }

    /// The file being written, or the folder when it is the folder that is wrong, as `DisplayName`
    /// shows it.
    public let file: String
    public let reason: Reason
}
