// The library's folder of photo files: each imported photo is copied in under its content hash,
// through a temporary file that is flushed to disk before it takes its final name.
import CGdkPixbuf
import Foundation

struct LibraryFiles {
    /// A copy written and flushed under a temporary name, not yet in the library.
    struct TemporaryCopy {
        let url: URL
        let finalName: String
    }

    /// Where copies are written before they take their final name; whatever is found there when
    /// the library opens alone is a crash's leftover.
    static let incomingFolderName = ".incoming"

    let directory: URL

    init(directory: URL) throws(LibraryError) {
        self.directory = directory
        try Self.makeDirectory(directory)
        try Self.makeDirectory(incoming)
    }

    private var incoming: URL { directory.appendingPathComponent(Self.incomingFolderName, isDirectory: true) }

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

    // Saying it is not a folder spares Foundation a stat() per photo, which reading thousands shows.
    func url(forFileNamed name: String) -> URL { directory.appendingPathComponent(name, isDirectory: false) }

    /// Copies the source into the incoming folder and flushes it. The copy is checked against the
    /// hash the candidate was inspected with, so a file that changed since is not saved half-new.
    func writeTemporaryCopy(of source: URL, expectedHash: String, fileExtension: String) throws(ImportError) -> TemporaryCopy {
        let temporaryURL = incoming.appendingPathComponent("\(UUID().uuidString).tmp")
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
        return TemporaryCopy(url: temporaryURL, finalName: "\(sha256).\(fileExtension)")
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(forFileNamed: name).path)
    }

    /// Gives the copy its final name in the library.
    func place(_ copy: TemporaryCopy, source: URL) throws(ImportError) {
        guard rename(copy.url.path, url(forFileNamed: copy.finalName).path) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(copy.url.path)
            throw ImportError(path: source.path, reason: .copyFailed(detail))
        }
        syncDirectory()
    }

    func discard(_ copy: TemporaryCopy) {
        unlink(copy.url.path)
    }

    /// Takes back a placed copy whose row could not be saved, so no file is left without its row.
    func discard(fileNamed name: String) {
        unlink(url(forFileNamed: name).path)
        syncDirectory()
    }

    /// The names of the photo files, without the incoming folder.
    func allFileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0 != Self.incomingFolderName }
    }

    /// Deletes copies a crash left half-written.
    func sweepIncoming() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? [] {
            unlink(incoming.appendingPathComponent(name).path)
        }
    }

    /// Moves a file that no photo uses to the Trash, or deletes it where there is no Trash, so that
    /// a photo interrupted between its removal and its trashing can still be got back.
    func retire(fileNamed name: String) {
        let file = url(forFileNamed: name)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do { try Trash.move(file) } catch { unlink(file.path) }
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
