// A file chosen for import, opened once, with the errors a person can cause told apart. It is
// read in chunks, never whole: a file above the size limit is refused from its size alone.
import Foundation

struct SourceFile {
    /// Enough of the start for the content type and the EXIF segments that precede the image.
    static let headBytes = 1 << 20

    let file: OpenFile
    /// The file's first bytes, up to `headBytes`.
    let head: [UInt8]
    /// The file's modification time, the date taken of a photo whose EXIF has none.
    let modified: Date
    /// The file's identity as it was opened, before any of it was read.
    let identity: OpenFile.Identity

    /// A link is refused as no regular file unless `followingLinks`.
    init(opening url: URL, followingLinks: Bool = true) throws(ImportError) {
        let name = FileName(url: url)
        let path = name.text
        switch OpenFile.openRegular(name, followingLinks: followingLinks) {
        case .success(let opened): file = opened
        case .failure(.notRegular(let mode)): throw ImportError(path: path, reason: .file(mode & S_IFMT == S_IFDIR ? .isDirectory : .notRegularFile))
        case .failure(.failed(let code)): throw Self.failure(path: path, errno: code)
        }
        guard file.size > 0 else { throw ImportError(path: path, reason: .file(.empty)) }
        guard file.size <= PhotoCandidate.maximumBytes else { throw ImportError(path: path, reason: .file(.tooLarge(bytes: file.size))) }
        guard let opened = file.identity() else { throw ImportError(path: path, reason: .changedDuringImport) }
        head = file.bytes(at: 0, count: Self.headBytes)
        guard head.count == min(file.size, Self.headBytes) else { throw ImportError(path: path, reason: .changedDuringImport) }
        modified = ClampedDate.from(seconds: opened.modified.tv_sec, nanoseconds: opened.modified.tv_nsec)
        identity = opened
    }

    /// The SHA-256 of the content: the head as it was read, then the rest in chunks.
    func sha256(path: String) throws(ImportError) -> String {
        do {
            return try file.sha256(head: head)
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// What a read that stopped early means for the person.
    static func failure(_ failure: OpenFile.ReadFailure, path: String) -> ImportError {
        switch failure {
        case .shrank: ImportError(path: path, reason: .changedDuringImport)
        case .failed(let code): Self.failure(path: path, errno: code)
        }
    }

    private static func failure(path: String, errno code: Int32) -> ImportError {
        switch code {
        case ENOENT, ENOTDIR: ImportError(path: path, reason: .file(.missing))
        case ELOOP: ImportError(path: path, reason: .file(.symlinkLoop))
        case EACCES, EPERM: ImportError(path: path, reason: .file(.permissionDenied))
        default: ImportError(path: path, reason: .file(.unreadable(String(cString: strerror(code)))))
        }
    }
}
