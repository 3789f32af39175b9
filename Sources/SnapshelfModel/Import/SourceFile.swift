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
    /// When `refusingHidden`, a file that is in a hidden folder once opened is refused: a catalogue's
    /// path was checked when it was read, but a folder in it may have been made a link since,
    /// which O_NOFOLLOW, for the last component alone, does not see.
    init(opening url: URL, followingLinks: Bool = true, refusingHidden: Bool = false) throws(ImportError) {
        let name = FileName(url: url)
        let path = name.text
        switch OpenFile.openRegular(name, followingLinks: followingLinks) {
        case .success(let opened): file = opened
        case .failure(.notRegular(let mode)): throw ImportError(path: path, reason: .file(mode & S_IFMT == S_IFDIR ? .isDirectory : .notRegularFile))
        case .failure(.failed(let code)): throw Self.failure(path: path, errno: code)
        }
        if refusingHidden {
            let place = Self.place(of: file.descriptor)
            guard let place, !ShotwellPaths.hasDotComponent(place.bytes) else {
                throw ImportError(path: path, reason: .inHiddenFolder(place ?? name))
            }
        }
        guard file.size > 0 else { throw ImportError(path: path, reason: .file(.empty)) }
        guard file.size <= PhotoCandidate.maximumBytes else { throw ImportError(path: path, reason: .file(.tooLarge(bytes: file.size))) }
        guard let opened = file.identity() else { throw ImportError(path: path, reason: .changedDuringImport) }
        modified = ClampedDate.from(seconds: opened.modified.tv_sec, nanoseconds: opened.modified.tv_nsec)
        identity = opened
    }

    /// Where the open file really is, as the kernel names its descriptor; nil when it cannot say.
    static func place(of descriptor: Int32) -> FileName? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count)
        guard count > 0, count < buffer.count, buffer[0] == UInt8(ascii: "/") else { return nil }
        return FileName(bytes: buffer[..<count])
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
