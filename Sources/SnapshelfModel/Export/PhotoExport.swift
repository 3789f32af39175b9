// Copies photos out of the library under their original names, each label embedded where the
// format allows it (see `ExportTitle`), else in the XMP sidecars peers look for beside the copy
// (see `ExportSidecars`); a rotated photo's orientation is set so that it shows turned, in the
// copy or its sidecars alike. The pixels are never touched, and nothing already in the folder is overwritten:
// each copy is written under a hidden temporary name and linked to a free name only when whole.
import Foundation
import Synchronization

public final class PhotoExport: Sendable {
    public struct Progress: Sendable {
        /// Photos exported so far, this one included.
        public let completed: Int
        public let total: Int
        public let photo: Photo
        /// Where the copy went.
        public let exported: URL
        /// Why the copy's name is not the photo's original name, when it is not (see `ExportName`).
        public let renaming: String?
        /// Why the copy took a number, "name (2).jpg", when it did.
        public let numbering: ExportNumbering?
    }

    /// The formats Exiv2 writes metadata into; the others get sidecars.
    static let embeddingExtensions: Set<String> = ["jpeg", "jpg", "png", "tiff", "tif", "webp"]

    private let cancelled = Atomic<Bool>(false)

    public init() {}

    /// Asks the export to stop after the photo it is writing; safe from any thread.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Exports the photos into `folder`, in order, until done or cancelled, stopping at the
    /// first photo that fails; what was exported before it stays.
    public func run(_ photos: [Photo], to folder: URL, report: (Progress) -> Void) throws(ExportError) {
        guard LibraryFiles.isDirectory(folder) else {
            throw ExportError(file: FileName(url: folder).displayed,
                              reason: FileManager.default.fileExists(atPath: folder.path) ? .notAFolder : .noFolder)
        }
        // A copy exported into the library would be taken for one of its own files, or swept.
        if let library = photos.first?.fileURL.deletingLastPathComponent().deletingLastPathComponent(),
           Self.isInside(folder, library) {
            throw ExportError(file: FileName(url: folder).displayed, reason: .insideLibrary)
        }
        Self.sweepStaleTemporaries(in: folder)
        var sidecars = ExportSidecars(in: folder)
        for (index, photo) in photos.enumerated() {
            guard !isCancelled else { return }
            let (exported, renaming, numbering) = try export(photo, to: folder, sidecars: &sidecars)
            report(Progress(completed: index + 1, total: photos.count, photo: photo, exported: exported.url, renaming: renaming,
                            numbering: numbering))
        }
    }

    private func export(_ photo: Photo, to folder: URL, sidecars: inout ExportSidecars) throws(ExportError)
        -> (FileName, renaming: String?, numbering: ExportNumbering?) {
        let name = ExportName(for: photo)
        let embeds = Self.embeddingExtensions.contains(photo.fileURL.pathExtension.lowercased())
        let describes = !photo.label.isEmpty || photo.rotation != 0
        let withSidecar = describes && !embeds
        let (exported, numbering) = try write(photo, to: folder, as: name, embedding: embeds, withSidecar: withSidecar, sidecars: sidecars)
        sidecars.insert(exported)
        return (exported, name.note(photo: photo.id, exportedAs: exported.lastComponent, withSidecar: withSidecar), numbering)
    }

    private func write(_ photo: Photo, to folder: URL, as name: ExportName, embedding: Bool, withSidecar: Bool,
                       sidecars: ExportSidecars) throws(ExportError) -> (FileName, ExportNumbering?) {
        let final = FileName(url: folder).appending(name.numbered(1, reserving: withSidecar ? ExportName.sidecarBytes : 0)).displayed
        let temporary = folder.appendingPathComponent(".snapshelf-export-\(UUID().uuidString).tmp")
        defer { unlink(temporary.path) }
        try copy(photo.fileURL, to: temporary, naming: final)
        if embedding {
            // Exiv2 wrote the file anew; the copy itself was flushed as it was written.
            if try Self.embed(photo, into: temporary, naming: final) { try Self.flush(temporary, naming: final) }
        } else {
            try Self.retitle(temporary, label: photo.label, naming: final)
        }
        guard withSidecar else {
            return try Self.link(temporary, in: folder, as: name, withSidecar: false, sidecars: sidecars)
        }
        // The sidecars are made whole under temporary names too, and given their names after the copy.
        let sidecarNames = ExportSidecars.names(beside: FileName(url: folder).appending(name.numbered(1, reserving: ExportName.sidecarBytes)))
        let temporarySidecars = sidecarNames.map { _ in folder.appendingPathComponent(".snapshelf-export-\(UUID().uuidString).tmp") }
        defer { temporarySidecars.forEach { unlink($0.path) } }
        let metadata: Metadata
        do {
            metadata = try Metadata(emptySidecar: ())
            if !photo.label.isEmpty { try metadata.setLanguageAlternative(Sidecar.titleTag, photo.label) }
            if photo.rotation != 0 {
                // The turn Snapshelf shows it with, which for a HEIF with irot is not its EXIF's.
                let own = EmbeddedOrientation.toApply(declared: (try? Metadata(reading: temporary.path))?.orientation,
                                                      inFileAt: temporary.path)
                try metadata.set(Metadata.xmpOrientationTag, String(Metadata.orientation(own, turnedBy: photo.rotation)))
            }
        } catch {
            throw ExportError(file: sidecarNames[0].displayed, reason: .metadata(error.description))
        }
        for (sidecar, named) in zip(temporarySidecars, sidecarNames) {
            do {
                try metadata.saveSidecar(to: sidecar.path)
            } catch {
                throw ExportError(file: named.displayed, reason: Self.isFull(folder) ? .noSpace : .metadata(error.description))
            }
            try Self.flush(sidecar, naming: named.displayed)
        }
        let (linked, numbering) = try Self.link(temporary, in: folder, as: name, withSidecar: true, sidecars: sidecars)
        var placed: [FileName] = [linked]
        for (sidecar, named) in zip(temporarySidecars, ExportSidecars.names(beside: linked)) {
            do throws(ExportError) {
                // Another program took the name since it was found free: this export's files go.
                guard try Self.place(sidecar, at: named) else { throw ExportError(file: named.displayed, reason: .init(errno: EEXIST)) }
                placed.append(named)
            } catch {
                // None without the others: the files placed a moment ago are this export's own.
                placed.forEach { _ = $0.withCString(unlink) }
                throw error
            }
        }
        return (linked, numbering)
    }

    /// Gives the copy the photo's label and turn, or takes away the titles it carries when the
    /// photo has no label; returns whether the copy was written anew.
    private static func embed(_ photo: Photo, into temporary: URL, naming final: String) throws(ExportError) -> Bool {
        let metadata: Metadata
        do {
            metadata = try Metadata(reading: temporary.path)
        } catch {
            // Unlabelled and not turned, a copy Exiv2 cannot read shows no title in the peers,
            // which all read through Exiv2.
            guard photo.label.isEmpty && photo.rotation == 0 else { throw ExportError(file: final, reason: .metadata(error.description)) }
            return false
        }
        do {
            let jpeg = ["jpeg", "jpg"].contains(photo.fileURL.pathExtension.lowercased())
            var changed = photo.rotation != 0
            if photo.label.isEmpty {
                changed = try metadata.clearTitles() || changed
            } else {
                try metadata.embedTitle(photo.label, takesObjectName: jpeg)
                changed = true
            }
            if photo.rotation != 0 { try metadata.turn(by: photo.rotation) }
            if changed { try metadata.save(into: temporary.path) }
            return changed
        } catch {
            throw ExportError(file: final, reason: .metadata(error.description))
        }
    }

    /// Gives a HEIF's or AVIF's own XMP the label, or takes its titles away when the label is
    /// empty, where it has XMP that can be (see `ExportHEIFXMP`).
    private static func retitle(_ temporary: URL, label: String, naming final: String) throws(ExportError) {
        guard let metadata = try? Metadata(reading: temporary.path), metadata.xmpPacket() != nil else { return }
        do {
            if label.isEmpty {
                guard try metadata.clearTitles() else { return }
            } else {
                try metadata.embedTitle(label, takesObjectName: false)
            }
        } catch {
            throw ExportError(file: final, reason: .metadata(error.description))
        }
        let descriptor = open(temporary.path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw ExportError(file: final, reason: .init(errno: errno)) }
        defer { close(descriptor) }
        guard let item = ExportHEIFXMP(descriptor: descriptor) else { return }
        guard let packet = metadata.xmpPacket() else { return }
        do {
            try item.replace(with: packet)
        } catch {
            throw ExportError(file: final, reason: .init(error))
        }
        try flush(temporary, naming: final)
    }

    /// Whether `folder` is `library` or inside it, links resolved.
    private static func isInside(_ folder: URL, _ library: URL) -> Bool {
        let inner = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let outer = library.resolvingSymlinksInPath().standardizedFileURL.path
        return inner == outer || inner.hasPrefix(outer + "/")
    }

    /// Temporary copies an export killed an hour or more ago left behind; a running export's are newer.
    private static func sweepStaleTemporaries(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".snapshelf-export-") && name.hasSuffix(".tmp") {
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Double(status.st_mtim.tv_sec) < Date().timeIntervalSince1970 - 3600 {
                unlink(path)
            }
        }
    }

    /// Whether the folder's file system has no room left, which Exiv2's messages do not say.
    private static func isFull(_ folder: URL) -> Bool {
        var status = statvfs()
        return statvfs(folder.path, &status) == 0 && status.f_bavail == 0
    }

    private func copy(_ source: URL, to temporary: URL, naming final: String) throws(ExportError) {
        let file: OpenFile
        // A library copy is a file of its own: a link, a FIFO or a device in its place is no photo.
        switch OpenFile.openRegular(FileName(url: source), followingLinks: false) {
        case .success(let opened): file = opened
        case .failure(let failure):
            throw ExportError(file: final, reason: .libraryCopyUnreadable(String(format: "%@: %@", FileName(url: source).displayed, failure.description)))
        }
        do {
            try CopyWriter.write(to: temporary.path, privately: false) { (output) throws(CopyWriter.Failure) in
                try output.append(contentsOf: file, readFrom: source.path)
            }
        } catch {
            throw ExportError(file: final, reason: .init(error))
        }
    }

    private static func flush(_ temporary: URL, naming final: String) throws(ExportError) {
        let descriptor = open(temporary.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            throw ExportError(file: final, reason: .init(errno: code))
        }
        close(descriptor)
    }

    /// Gives the temporary copy the first free name of "name", "name (2)", "name (3)"…, never
    /// replacing a file, and never one beside which lies a sidecar a peer would read for it; with
    /// sidecars, a name whose stem no other file has; with why the first name was not free.
    private static func link(_ temporary: URL, in folder: URL, as name: ExportName, withSidecar: Bool,
                             sidecars: ExportSidecars) throws(ExportError) -> (FileName, ExportNumbering?) {
        var numbering: ExportNumbering?
        for number in 1... {
            let candidate = FileName(url: folder).appending(name.numbered(number, reserving: withSidecar ? ExportName.sidecarBytes : 0))
            let refusal = sidecars.refusal(of: candidate, withSidecar: withSidecar)
            if refusal == nil, try place(temporary, at: candidate) { return (candidate, numbering) }
            numbering = numbering ?? refusal ?? .nameTaken
        }
        preconditionFailure("an unending sequence of numbers ran out")
    }

    /// Gives the temporary file the name, or returns false when the name is taken.
    private static func place(_ temporary: URL, at candidate: FileName) throws(ExportError) -> Bool {
        if candidate.withCString({ Foundation.link(temporary.path, $0) }) == 0 { return true }
        switch errno {
        case EEXIST: return false
        case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
            // File systems without hard links, as on many USB sticks: reserve the name, then
            // rename over the reservation, which is this export's own empty file.
            let reserved = candidate.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            if reserved < 0 && errno == EEXIST { return false }
            guard reserved >= 0 else { throw ExportError(file: candidate.displayed, reason: .init(errno: errno)) }
            close(reserved)
            guard candidate.withCString({ rename(temporary.path, $0) }) == 0 else {
                let code = errno
                _ = candidate.withCString(unlink)
                throw ExportError(file: candidate.displayed, reason: .init(errno: code))
            }
            return true
        default:
            throw ExportError(file: candidate.displayed, reason: .init(errno: errno))
        }
    }
}
