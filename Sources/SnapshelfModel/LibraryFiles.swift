// The library's folder of photo files: each imported photo is copied in under its content hash,
// through a temporary file that is flushed to disk before it takes its final name.
import CGdkPixbuf
import Foundation

struct LibraryFiles {
    /// The library's copy of one photo.
    struct StoredFile {
        let fileName: String
        let sha256: String
        /// False when a file with the same content was already there and was reused.
        let isNew: Bool
    }

    let directory: URL

    init(directory: URL) throws(LibraryError) {
        self.directory = directory
        try Self.makeDirectory(directory)
    }

    /// Creates the folder and any missing parents, saying which one failed and why.
    private static func makeDirectory(_ url: URL) throws(LibraryError) {
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

    func storeCopy(of source: URL) throws(ImportError) -> StoredFile {
        let temporaryName = ".import-\(UUID().uuidString).tmp"
        let temporaryURL = url(forFileNamed: temporaryName)
        let sha256: String
        do {
            sha256 = try copy(from: source.path, to: temporaryURL.path)
        } catch {
            unlink(temporaryURL.path)
            throw ImportError(path: source.path, reason: .copyFailed(error.detail))
        }
        let suffix = source.pathExtension.lowercased()
        let finalName = suffix.isEmpty ? sha256 : "\(sha256).\(suffix)"
        let finalURL = url(forFileNamed: finalName)
        if FileManager.default.fileExists(atPath: finalURL.path) {
            unlink(temporaryURL.path)
            return StoredFile(fileName: finalName, sha256: sha256, isNew: false)
        }
        guard rename(temporaryURL.path, finalURL.path) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(temporaryURL.path)
            throw ImportError(path: source.path, reason: .copyFailed(detail))
        }
        syncDirectory()
        return StoredFile(fileName: finalName, sha256: sha256, isNew: true)
    }

    /// Takes back a copy whose row could not be saved, so no file is left without its row.
    func discard(_ file: StoredFile) {
        guard file.isNew else { return }
        unlink(url(forFileNamed: file.fileName).path)
        syncDirectory()
    }

    private struct CopyFailure: Error {
        let detail: String
        init(_ what: String) { detail = "\(what): \(String(cString: strerror(errno)))" }
    }

    /// Copies and hashes in one pass, then flushes the copy, returning the SHA-256 in hex.
    private func copy(from sourcePath: String, to destinationPath: String) throws(CopyFailure) -> String {
        let input = open(sourcePath, O_RDONLY | O_CLOEXEC)
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
