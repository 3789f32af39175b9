// A file open for reading by position, a chunk at a time: inspecting, hashing and copying a photo
// costs one fixed buffer, however large the file, so memory never grows with a file's size.
import Foundation

final class OpenFile: Sendable {
    // Sendable: its fields never change, and reads go by position, never moving an offset.

    /// What tells a file's content changed without reading it: the same file (device and inode)
    /// with the same size and times. Any write changes the change time, which no one can set back.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: timespec
        let changed: timespec

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int(status.st_size)
            modified = status.st_mtim
            changed = status.st_ctim
        }

        static func == (left: Identity, right: Identity) -> Bool {
            left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
        }
    }

    /// Why reading stopped before the end the file had when it was opened.
    enum ReadFailure: Error {
        /// The file is shorter than it was: something truncated or replaced it meanwhile.
        case shrank
        case failed(errno: Int32)
    }

    static let chunkSize = 1 << 20

    let descriptor: Int32
    /// The size when it was opened; reads never go past it, so a file that grows meanwhile
    /// is read as it was.
    let size: Int

    /// Takes over an open descriptor, which it closes.
    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// Opens the file at the path for reading, or returns errno.
    static func open(_ path: String) -> Result<OpenFile, ReadFailure> {
        open(FileName(path))
    }

    /// Opens the file at a file URL, whose name may be no UTF-8, for reading, or returns errno.
    static func open(_ url: URL) -> Result<OpenFile, ReadFailure> {
        open(FileName(url: url))
    }

    /// Never blocks, on a FIFO without a writer or a device, and never takes a terminal.
    private static func open(_ path: FileName) -> Result<OpenFile, ReadFailure> {
        taking(path.withCString { Foundation.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    /// Opens the file at the path for reading only if it is a regular file, looked at before it
    /// is opened, since opening a device can act on it, and again once open, since the name may
    /// have been pointed elsewhere meanwhile. A link is followed only when `followingLinks`.
    static func openRegular(_ path: FileName, followingLinks: Bool = true) -> Result<OpenFile, OpenFailure> {
        var status = stat()
        guard path.withCString({ followingLinks ? stat($0, &status) : lstat($0, &status) }) == 0 else { return .failure(.failed(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(mode: status.st_mode)) }
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = path.withCString { Foundation.open($0, flags) }
        guard descriptor >= 0 else { return .failure(errno == ELOOP && !followingLinks ? .notRegular(mode: S_IFLNK) : .failed(errno: errno)) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let failure = OpenFailure.notRegular(mode: status.st_mode)
            close(descriptor)
            return .failure(failure)
        }
        return .success(OpenFile(descriptor: descriptor, size: Int(status.st_size)))
    }

    private static func taking(_ descriptor: Int32) -> Result<OpenFile, ReadFailure> {
        guard descriptor >= 0 else { return .failure(.failed(errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.failed(errno: code))
        }
        return .success(OpenFile(descriptor: descriptor, size: Int(status.st_size)))
    }

    deinit {
        close(descriptor)
    }

    /// The file's identity now, or nil when it cannot be read.
    func identity() -> Identity? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Identity(status) : nil
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the file or where reading fails.
    /// Read into memory left unset, since zeroing it first, a whole file's worth for the
    /// completeness walks, is work the read then undoes.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard offset >= 0, wanted > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
            filled = max(0, readFully(into: UnsafeMutableRawBufferPointer(buffer), at: offset))
        }
    }

    /// Hands each chunk from `offset` to the end to `body`, in order, with the chunk's offset,
    /// until `body` returns false.
    func chunks(from offset: Int = 0, _ body: (UnsafeRawBufferPointer, Int) -> Bool) throws(ReadFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var position = offset
        while position < size {
            let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(min(Self.chunkSize, size - position)))
            let filled = readFully(into: wanted, at: position)
            guard filled >= 0 else { throw .failed(errno: errno) }
            guard filled == wanted.count else { throw .shrank }
            guard body(UnsafeRawBufferPointer(wanted), position) else { return }
            position += filled
        }
    }

    /// The SHA-256 of the whole file, in lowercase hex.
    func sha256() throws(ReadFailure) -> String {
        let hash = ContentHash()
        try chunks { chunk, _ in
            hash.update(chunk)
            return true
        }
        return hash.finish()
    }

    /// Fills the buffer from `offset`, retrying short reads; the count read, short only at the
    /// end of the file, or -1 with errno set.
    private func readFully(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return -1 }
            if count == 0 { break }
            total += count
        }
        return total
    }
}
