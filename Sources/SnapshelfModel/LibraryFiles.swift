// The library's folder of photo files: each imported photo is copied in under its content hash,
// through a temporary file that is flushed to disk before it takes its final name.
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
                throw LibraryError(operation: String(format: tr("creating the folder %@"), url.path),
                                   detail: tr("a file of that name is in the way"))
            }
            return
        }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path {
            try makeDirectory(parent)
        }
        guard mkdir(url.path, 0o755) == 0 || errno == EEXIST else {
            // Read before anything else runs: translating the message may change errno.
            let reason = String(cString: strerror(errno))
            throw LibraryError(operation: String(format: tr("creating the folder %@"), url.path), detail: reason)
        }
    }

    // Saying it is not a folder spares Foundation a stat() per photo, which reading thousands shows.
    func url(forFileNamed name: String) -> URL { directory.appendingPathComponent(name, isDirectory: false) }

    /// Writes the candidate's bytes into the incoming folder and flushes them. They are the bytes
    /// that were hashed, so the copy is never a mix of an old and a changed original.
    func writeTemporaryCopy(of candidate: PhotoCandidate) throws(ImportError) -> TemporaryCopy {
        let temporaryURL = incoming.appendingPathComponent("\(UUID().uuidString).tmp", isDirectory: false)
        do {
            try write(candidate.contents, to: temporaryURL.path)
        } catch {
            unlink(temporaryURL.path)
            let reason: ImportError.Reason = switch error.code {
            case ENOSPC, EDQUOT, EFBIG: .noSpace
            default: .copyFailed(error.detail)
            }
            throw ImportError(path: candidate.sourceURL.path, reason: reason)
        }
        return TemporaryCopy(url: temporaryURL, finalName: "\(candidate.sha256).\(candidate.fileExtension)")
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
        /// Takes errno first, since producing `what`, a translated text, may change it.
        init(_ what: @autoclosure () -> String) {
            code = errno
            detail = "\(what()): \(String(cString: strerror(code)))"
        }
    }

    private func write(_ contents: Data, to path: String) throws(CopyFailure) {
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw CopyFailure(tr("cannot create the copy")) }
        defer { close(output) }
        let failed = contents.withUnsafeBytes { bytes -> Bool in
            var written = 0
            while written < bytes.count {
                let result = Foundation.write(output, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += result
            }
            return false
        }
        guard !failed else { throw CopyFailure(tr("cannot write the copy")) }
        guard fsync(output) == 0 else { throw CopyFailure(tr("cannot flush the copy to disk")) }
    }

    /// Flushes the folder itself, so a rename survives a power cut.
    private func syncDirectory() {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
