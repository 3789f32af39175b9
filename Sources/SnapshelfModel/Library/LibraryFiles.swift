// The library's folder of photo files: each imported photo is copied in under its content hash,
// through a temporary file that is flushed to disk before it takes its final name. Nothing here
// ever deletes a photo's copy: one that leaves goes to the Trash, or to the `removed` folder where
// there is no Trash. The folders are private (700) and the files too (600), as the thumbnail
// standard asks of thumbnails, since a photo is no less private than its thumbnail.
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
    /// Where a removed photo's copy goes when it cannot go to the Trash, so it is never deleted.
    let keptDirectory: URL
    /// Why the folders cannot be used, when they cannot: `photos` may be a file, or not writable.
    let problem: LibraryError?
    /// What was moved out of the places of the library's own folders as it opened.
    let notes: [OpeningNote]
    private let lock: FolderLock?

    /// Opens the photo folder of the library in `library`, creating it and its incoming folder
    /// when `writable`.
    init(library: URL, writable: Bool) {
        directory = library.appendingPathComponent("photos", isDirectory: true)
        keptDirectory = library.appendingPathComponent("removed", isDirectory: true)
        var problem: LibraryError?
        var notes: [OpeningNote] = []
        if writable {
            do {
                try Self.makeDirectory(directory)
                notes = try Self.makeOwnFolders(photos: directory, kept: keptDirectory, in: library)
            } catch {
                problem = error
            }
        } else if !Self.isDirectory(directory) && FileManager.default.fileExists(atPath: directory.path) {
            problem = .fileInTheWay(during: .openingFolder(directory))
        }
        (self.problem, self.notes) = (problem, notes)
        lock = problem == nil ? FolderLock(directory) : nil
    }

    private var incoming: URL { directory.appendingPathComponent(Self.incomingFolderName, isDirectory: true) }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Creates the folder and any missing parents, private to the person, saying which one failed
    /// and why. For the library's own folder and `photos`, which may be links the person made; the
    /// folders inside them are `PrivateFolder`s.
    static func makeDirectory(_ url: URL) throws(LibraryError) {
        if FileManager.default.fileExists(atPath: url.path) {
            guard isDirectory(url) else {
                throw .fileInTheWay(during: .creatingFolder(url))
            }
            return
        }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path {
            try makeDirectory(parent)
        }
        guard mkdir(url.path, 0o700) == 0 || errno == EEXIST else {
            throw .system(.errno(errno), during: .creatingFolder(url))
        }
        // Whatever the umask: a library's folders are the person's alone.
        chmod(url.path, 0o700)
    }

    /// The name the candidate's copy takes: its content's hash, then its format's extension.
    static func copyName(of candidate: PhotoCandidate) -> String {
        "\(candidate.sha256).\(candidate.fileExtension)"
    }

    /// Throws why the folder cannot take or give up files, if it cannot.
    func requireUsable() throws(LibraryError) {
        if let problem { throw problem }
    }

    /// Runs `body` while no other connection, in this process or another, places or retires a
    /// file, so that whether a file is still used and what happens to it are one step; throws
    /// `failure`'s error, without running `body`, when the folder stays locked too long.
    func exclusively<T, E: Error>(or failure: (FolderLock.Failure) -> E, _ body: () throws(E) -> T) throws(E) -> T {
        do throws(FolderLock.Failure) {
            try lock?.lock()
        } catch {
            throw failure(error)
        }
        defer { lock?.unlock() }
        return try body()
    }

    /// Whether a name from the database is one Snapshelf gives a copy: a plain name inside the
    /// photo folder. A damaged or crafted database could hold "../../somewhere" instead.
    static func isPlainName(_ name: String) -> Bool {
        // Bytes, not Foundation's substring search, which cost a check of a million photos a tenth of its time.
        !name.isEmpty && !name.hasPrefix(".") && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// The copy's place in the photo folder. A name that is not plain is escaped into one that
    /// stays inside the folder, so that no change to the library can reach a file outside it.
    // Saying it is not a folder spares Foundation a stat() per photo, which reading thousands shows.
    func url(forFileNamed name: String) -> URL {
        let plain = Self.isPlainName(name) ? name : "%" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return directory.appendingPathComponent(plain, isDirectory: false)
    }

    /// Copies the candidate's file, still open from its inspection, into the incoming folder,
    /// unflushed: `flush` does that before it is placed. The kernel copies the bytes, so the import
    /// reads each file once, when it inspects it. A file that changed since, or changes meanwhile,
    /// is refused, so the copy is never a mix of an old and a changed original, and its bytes are
    /// the ones hashed.
    func writeTemporaryCopy(of candidate: PhotoCandidate) throws(ImportError) -> TemporaryCopy {
        let temporaryURL = incoming.appendingPathComponent("\(UUID().uuidString).tmp", isDirectory: false)
        let path = FileName(url: candidate.sourceURL).text
        let unchanged = { candidate.source.identity() == candidate.sourceIdentity }
        do throws(CopyWriter.Failure) {
            guard unchanged() else { throw .source(ImportError(path: path, reason: .changedDuringImport)) }
            try CopyWriter.write(to: temporaryURL.path, flushing: false) { (output) throws(CopyWriter.Failure) in
                try output.append(copying: candidate.source, readFrom: path)
                guard unchanged() else { throw .source(ImportError(path: path, reason: .changedDuringImport)) }
            }
        } catch {
            unlink(temporaryURL.path)
            throw error.importError(path: path)
        }
        return TemporaryCopy(url: temporaryURL, finalName: Self.copyName(of: candidate))
    }

    /// Flushes a copy to disk, which must come before it takes its name in the library.
    func flush(_ copy: TemporaryCopy, source: URL) throws(ImportError) {
        do throws(CopyWriter.Failure) {
            try CopyWriter.flush(fileAt: copy.url.path)
        } catch {
            throw error.importError(path: FileName(url: source).text)
        }
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(forFileNamed: name).path)
    }

    /// Whether the library's copy is there with exactly the bytes of `source`, compared a chunk
    /// at a time, which reads both files but is far cheaper than hashing the copy.
    func holdsCopy(named name: String, sameAs source: URL) -> Bool {
        guard case .success(let original) = OpenFile.open(source) else { return false }
        return holdsCopy(named: name, sameAs: original)
    }

    /// Whether the library's copy is there with exactly the bytes of the open file.
    func holdsCopy(named name: String, sameAs original: OpenFile) -> Bool {
        guard case .success(let copy) = OpenFile.open(url(forFileNamed: name).path), copy.size == original.size else { return false }
        var same = true
        do {
            try copy.chunks { chunk, offset in
                let theirs = original.bytes(at: offset, count: chunk.count)
                same = theirs.count == chunk.count && theirs.withUnsafeBytes { memcmp($0.baseAddress!, chunk.baseAddress!, chunk.count) == 0 }
                return same
            }
        } catch {
            return false
        }
        return same
    }

    /// Gives the flushed copy its name in the library, replacing whatever file had it: only ever a
    /// copy of the same content, missing, damaged or whole, since the name is the content's hash.
    /// The name lasts through a power cut once `syncDirectory` has run.
    func place(_ copy: TemporaryCopy, as name: String, source: URL) throws(ImportError) {
        guard rename(copy.url.path, url(forFileNamed: name).path) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(copy.url.path)
            throw ImportError(url: source, reason: .copyFailed(detail))
        }
    }

    func discard(_ copy: TemporaryCopy) {
        unlink(copy.url.path)
    }

    /// Takes back a copy placed by this very import whose row could not be saved, and its
    /// sidecar, so no file is left without its row; its original is still where the person has it.
    func discard(fileNamed name: String) {
        unlink(url(forFileNamed: name).path)
        unlink(sidecarURL(forFileNamed: name).path)
        syncDirectory()
    }

    /// The names of the photo files, without the incoming folder and the sidecars.
    func allFileNames() -> [String] {
        folderEntries().filter { !$0.hasSuffix("." + Sidecar.fileExtension) }
    }

    /// The folder's entries but the incoming folder, and Syncthing's files in transit, which are
    /// its own until it renames them into place, or leaves them when a transfer stops.
    private func folderEntries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0 != Self.incomingFolderName && !Self.isInTransit($0) }
    }

    /// Whether the name is one Syncthing gives a file it is still receiving.
    static func isInTransit(_ name: String) -> Bool {
        name.hasPrefix(".syncthing.") && name.hasSuffix(".tmp")
    }

    /// The sidecar beside the copy of this name.
    func sidecarURL(forFileNamed name: String) -> URL {
        Sidecar.url(for: url(forFileNamed: name))
    }

    /// Writes the photo's sidecar beside its copy, through the incoming folder.
    func writeSidecar(_ sidecar: Sidecar, forFileNamed name: String) throws(Metadata.Failure) {
        try sidecar.write(to: sidecarURL(forFileNamed: name), through: incoming)
    }

    /// The copies in the `removed` folder, each a removed photo's that the Trash did not take;
    /// their sidecars wait beside them.
    func keptFiles() -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: keptDirectory.path)) ?? []).sorted()
            .filter { !$0.hasSuffix("." + Sidecar.fileExtension) }
            .map { keptDirectory.appendingPathComponent($0, isDirectory: false) }
    }

    /// Deletes copies a crash left half-written, never through a link.
    func sweepIncoming() {
        PrivateFolder.sweep(incoming)
    }

    /// What became of a file that no photo uses.
    enum Retirement: Equatable {
        case trashed
        /// The Trash did not take it, for the reason it said if any, so it went to the `removed` folder.
        case kept(trashSaid: String?, at: URL)
        /// Neither the Trash nor the `removed` folder took it: it stays in place, to be tried again.
        case stayed(trashSaid: String?, at: URL, because: LibraryError)
    }

    /// Moves a file that no photo uses to the Trash, its sidecar after it. Where there is no
    /// Trash they go to the `removed` folder instead: neither is ever deleted.
    func retire(fileNamed name: String) -> Retirement {
        let retirement = retire(url(forFileNamed: name))
        // The sidecar follows its copy, to the Trash or to `removed`, or stays with it.
        if case .stayed = retirement { return retirement }
        _ = retire(sidecarURL(forFileNamed: name))
        return retirement
    }

    private func retire(_ file: URL) -> Retirement {
        let name = file.lastPathComponent
        guard FileManager.default.fileExists(atPath: file.path) else { return .trashed }
        defer { syncDirectory() }
        let reason: String?
        do {
            try Trash.move(file)
            return .trashed
        } catch {
            reason = error.reason
        }
        do {
            try PrivateFolder.make(keptDirectory)
        } catch {
            return .stayed(trashSaid: reason, at: file, because: error)
        }
        var kept = keptDirectory.appendingPathComponent(name, isDirectory: false)
        var number = 1
        while FileManager.default.fileExists(atPath: kept.path) {
            number += 1
            kept = keptDirectory.appendingPathComponent("\(number)-\(name)", isDirectory: false)
        }
        guard rename(file.path, kept.path) == 0 else {
            return .stayed(trashSaid: reason, at: file, because: .system(.errno(errno), during: .removingAPhoto))
        }
        return .kept(trashSaid: reason, at: kept)
    }

    /// Flushes the folder itself, so a rename survives a power cut.
    func syncDirectory() {
        let folder = FolderNames.open(directory)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
