// A file chosen for import, opened once, with the errors a person can cause told apart. It is
// read in chunks, never whole, and only to be hashed and copied: a file above the size limit is
// refused from its size alone, and what it holds is for a sandboxed decoder to say.
import Foundation

struct SourceFile {
    let file: OpenFile
    /// The file's modification time, the date taken of a photo whose EXIF has none.
    let modified: Date
    /// The file's identity as it was opened, before any of it was read.
    let identity: OpenFile.Identity

    /// Opens the file at `url`; through a link only when `followingLinks`, as a person's choice may be.
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
        modified = ClampedDate.from(seconds: opened.modified.tv_sec, nanoseconds: opened.modified.tv_nsec)
        identity = opened
    }

    /// The SHA-256 of the content, read in chunks.
    func sha256(path: String) throws(ImportError) -> String {
        do {
            return try file.sha256()
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
