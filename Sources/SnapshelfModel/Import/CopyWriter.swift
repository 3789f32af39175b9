// Writes a new file, of the library's (private to the person, 600 whatever the umask) or an
// export's, and flushes it to disk before it is given to anyone.
import CLinux
import Foundation

struct CopyWriter {
    enum Failure: Error {
        /// Reading what is being copied failed, with the reason a person is told.
        case source(ImportError)
        /// Writing the copy failed: errno, and what was being done.
        case write(code: Int32, detail: String)

        func importError(path: String) -> ImportError {
            switch self {
            case .source(let error): error
            case .write(let code, _) where [ENOSPC, EDQUOT, EFBIG].contains(code): ImportError(path: path, reason: .noSpace)
            case .write(_, let detail): ImportError(path: path, reason: .copyFailed(detail))
            }
        }

        /// Takes errno first, since producing `what`, a translated text, may change it.
        static func write(_ what: @autoclosure () -> String) -> Failure {
            let code = errno
            return .write(code: code, detail: "\(what()): \(String(cString: strerror(code)))")
        }
    }

    private let descriptor: Int32

    /// Appends to a file already open for writing, which stays open: an export's copy made
    /// relative to its folder's descriptor.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Creates the file, which must not exist yet, lets `body` append to it, then flushes it
    /// unless told not to: an import flushes its copies together, once it has made a batch of them.
    /// A library's file is private whatever the umask; an exported one follows the umask.
    static func write(to path: String, privately: Bool = true, flushing: Bool = true,
                      _ body: (CopyWriter) throws(Failure) -> Void) throws(Failure) {
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privately ? 0o600 : 0o666)
        guard output >= 0 else { throw .write(tr("cannot create the copy")) }
        defer { close(output) }
        if privately { fchmod(output, 0o600) }
        try body(CopyWriter(descriptor: output))
        if flushing { try flush(output) }
    }

    /// Flushes a file written earlier, opened again by its path, then lets the kernel drop the
    /// pages it cached: a library copy is not read again soon, and an import of many photos would
    /// otherwise fill memory with them, pushing out what the person uses, while pages freed at
    /// once serve the next copies.
    static func flush(fileAt path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .write(tr("cannot flush the copy to disk")) }
        defer { close(descriptor) }
        try flush(descriptor)
        posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }

    private static func flush(_ descriptor: Int32) throws(Failure) {
        guard fsync(descriptor) == 0 else { throw .write(tr("cannot flush the copy to disk")) }
    }

    /// Appends the whole of `file`, read from `path`, a chunk at a time.
    func append(contentsOf file: OpenFile, readFrom path: String) throws(Failure) {
        var failure: Failure?
        do throws(OpenFile.ReadFailure) {
            try file.chunks { chunk, _ in
                do throws(Failure) { try append(chunk) } catch { failure = error }
                return failure == nil
            }
        } catch {
            throw .source(SourceFile.failure(error, path: path))
        }
        if let failure { throw failure }
    }

    /// Appends the whole of `file` without reading it into the process: the kernel copies it,
    /// sharing blocks where the file system can. Where it cannot, as across some file systems,
    /// the bytes are copied a chunk at a time.
    func append(copying file: OpenFile, readFrom path: String) throws(Failure) {
        var offset: off_t = 0
        while Int(offset) < file.size {
            let copied = copy_file_range(file.descriptor, &offset, descriptor, nil, file.size - Int(offset), 0)
            if copied > 0 { continue }
            if copied == 0 { throw .source(ImportError(path: path, reason: .changedDuringImport)) }
            if errno == EINTR { continue }
            guard [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP, EBADF].contains(errno), offset == 0 else {
                if [EIO, ESTALE].contains(errno) { throw .source(ImportError(path: path, reason: .file(.unreadable(String(cString: strerror(errno)))))) }
                throw .write(tr("cannot write the copy"))
            }
            return try append(contentsOf: file, readFrom: path)
        }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw .write(tr("cannot write the copy"))
            }
            written += result
        }
    }
}
