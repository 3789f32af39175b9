// A file chosen for import, opened once, with the errors a person can cause told apart. It is
// read in chunks, never whole: a file above the size limit is refused from its size alone.
import Foundation

struct SourceFile {
    /// Enough of the start for the content type and the EXIF segments that precede the image.
    static let headBytes = 1 << 20

    /// The path as the file system spells it, which need not be valid UTF-8, NUL-terminated.
    let systemPath: [CChar]
    let file: OpenFile
    /// The file's first bytes, up to `headBytes`.
    let head: [UInt8]
    /// The file's modification time, the date taken of a photo whose EXIF has none.
    let modified: Date
    /// The file's identity as it was opened, before any of it was read.
    let identity: OpenFile.Identity

    init(opening url: URL) throws(ImportError) {
        let name = FileName(url: url)
        let path = name.text
        systemPath = name.withCString { Array(UnsafeBufferPointer(start: $0, count: name.bytes.count + 1)) }
        var status = stat()
        // Looked at before opening, so that opening a FIFO or a device never blocks or acts.
        guard stat(systemPath, &status) == 0 else { throw Self.failure(path: path, errno: errno) }
        try Self.checkKind(status, path: path)
        let descriptor = open(systemPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Self.failure(path: path, errno: errno) }
        var opened = stat()
        fstat(descriptor, &opened)
        file = OpenFile(descriptor: descriptor, size: Int(opened.st_size))
        // The name may have been pointed at something else between the look and the opening.
        try Self.checkKind(opened, path: path)
        head = file.bytes(at: 0, count: Self.headBytes)
        guard head.count == min(file.size, Self.headBytes) else { throw ImportError(path: path, reason: .changedDuringImport) }
        modified = ClampedDate.from(seconds: opened.st_mtim.tv_sec, nanoseconds: opened.st_mtim.tv_nsec)
        identity = OpenFile.Identity(opened)
    }

    /// The SHA-256 of the content: the head as it was read, then the rest in chunks.
    func sha256(path: String) throws(ImportError) -> String {
        do {
            return try file.sha256(head: head)
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// Refuses what is not a regular file with content, or is too large to be a photo.
    private static func checkKind(_ status: stat, path: String) throws(ImportError) {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw ImportError(path: path, reason: .isDirectory)
        case S_IFREG: break
        default: throw ImportError(path: path, reason: .notRegularFile)
        }
        guard status.st_size > 0 else { throw ImportError(path: path, reason: .empty) }
        guard status.st_size <= PhotoCandidate.maximumBytes else { throw ImportError(path: path, reason: .tooLarge(bytes: Int(status.st_size))) }
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
        case ENOENT, ENOTDIR: ImportError(path: path, reason: .missing)
        case ELOOP: ImportError(path: path, reason: .symlinkLoop)
        case EACCES, EPERM: ImportError(path: path, reason: .permissionDenied)
        default: ImportError(path: path, reason: .unreadable(String(cString: strerror(code))))
        }
    }
}
