// The library's folder of photo files: each imported photo is copied in under its content hash,
// through a temporary file that is flushed to disk before it takes its final name.
import CGdkPixbuf
import Foundation

struct LibraryFiles {
    /// The library's copy of one photo.
    struct StoredFile {
        let fileName: String
        /// False when a file with the same content was already there and was reused.
        let isNew: Bool
    }

    static let temporaryPrefix = ".import-"

    let directory: URL

    init(directory: URL) throws(LibraryError) {
        self.directory = directory
        try Self.makeDirectory(directory)
    }

    /// Creates the folder and any missing parents, saying which one failed and why.
    static func makeDirectory(_ url: URL) throws(LibraryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw LibraryError(operation: "creating the folder \(url.path)", detail: "a file of that name is in the way")
            }
            return
        }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path {
            try makeDirectory(parent)
        }
        guard mkdir(url.path, 0o755) == 0 || errno == EEXIST else {
            throw LibraryError(operation: "creating the folder \(url.path)", detail: String(cString: strerror(errno)))
        }
    }

    func url(forFileNamed name: String) -> URL { directory.appendingPathComponent(name) }

    /// Copies the source in under its content hash. The copy is checked against the hash the
    /// candidate was inspected with, so a file that changed since is not saved half-new.
    func storeCopy(of source: URL, expectedHash: String, fileExtension: String) throws(ImportError) -> StoredFile {
        let temporaryURL = url(forFileNamed: "\(Self.temporaryPrefix)\(UUID().uuidString).tmp")
        let sha256: String
        do {
            sha256 = try copy(from: source, to: temporaryURL.path)
        } catch {
            unlink(temporaryURL.path)
            let reason: ImportError.Reason = switch error.code {
            case ENOSPC, EDQUOT, EFBIG: .noSpace
            case ENOENT: .missing
            case EACCES, EPERM: .permissionDenied
            default: .copyFailed(error.detail)
            }
            throw ImportError(path: source.path, reason: reason)
        }
        guard sha256 == expectedHash else {
            unlink(temporaryURL.path)
            throw ImportError(path: source.path, reason: .changedDuringImport)
        }
        let finalName = "\(sha256).\(fileExtension)"
        let finalURL = url(forFileNamed: finalName)
        if FileManager.default.fileExists(atPath: finalURL.path) {
            unlink(temporaryURL.path)
            return StoredFile(fileName: finalName, isNew: false)
        }
        guard rename(temporaryURL.path, finalURL.path) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(temporaryURL.path)
            throw ImportError(path: source.path, reason: .copyFailed(detail))
        }
        syncDirectory()
        return StoredFile(fileName: finalName, isNew: true)
    }

    /// Takes back a copy whose row could not be saved, so no file is left without its row.
    func discard(_ file: StoredFile) {
        guard file.isNew else { return }
        unlink(url(forFileNamed: file.fileName).path)
        syncDirectory()
    }

    /// The names of every file in the folder, temporary ones included.
    func allFileNames() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    }

    /// Removes what a crash left behind: half-written temporary files are deleted, and copies
    /// without a row go to the Trash (or are deleted where there is no Trash), so that a photo
    /// interrupted between its removal and its trashing is still recoverable.
    func sweep(keeping rowFileNames: Set<String>) {
        for name in allFileNames() where !rowFileNames.contains(name) {
            let orphan = url(forFileNamed: name)
            if name.hasPrefix(Self.temporaryPrefix) {
                unlink(orphan.path)
            } else {
                do { try Trash.move(orphan) } catch { unlink(orphan.path) }
            }
        }
        syncDirectory()
    }

    struct CopyFailure: Error {
        let code: Int32
        let detail: String
        init(_ what: String) {
            code = errno
            detail = "\(what): \(String(cString: strerror(code)))"
        }
    }

    /// Copies and hashes in one pass, then flushes the copy, returning the SHA-256 in hex.
    private func copy(from source: URL, to destinationPath: String) throws(CopyFailure) -> String {
        let input = source.withUnsafeFileSystemRepresentation { open($0!, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw CopyFailure("cannot open the original") }
        defer { close(input) }
        let output = open(destinationPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw CopyFailure("cannot create the copy") }
        defer { close(output) }
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        let bufferSize = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, bufferSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw CopyFailure("cannot read the original")
            }
            if count == 0 { break }
            g_checksum_update(checksum, buffer.assumingMemoryBound(to: UInt8.self), count)
            var written = 0
            while written < count {
                let result = write(output, buffer + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw CopyFailure("cannot write the copy")
                }
                written += result
            }
        }
        guard fsync(output) == 0 else { throw CopyFailure("cannot flush the copy to disk") }
        return String(cString: g_checksum_get_string(checksum))
    }

    /// Flushes the folder itself, so a rename survives a power cut.
    private func syncDirectory() {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
