// Copies photos out of the library under their original names, each label embedded where the
// format allows it (XMP dc:title, and in a JPEG the IPTC object name too), else in an XMP sidecar
// beside the copy; a rotated photo's orientation is set so that it shows turned, in the copy or
// its sidecar alike. The pixels are never touched, and nothing already in the folder is overwritten:
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
        /// Whether the copy took a number, "name (2).jpg", since a file of its name was there.
        public let isNumbered: Bool
    }

    /// The formats Exiv2 writes metadata into; the others get a sidecar.
    static let embeddingExtensions: Set<String> = ["jpeg", "jpg", "png", "tiff", "tif", "webp"]
    /// IPTC's object name is a title of at most 64 bytes.
    static let objectNameBytes = 64

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
        for (index, photo) in photos.enumerated() {
            guard !isCancelled else { return }
            let (exported, renaming, isNumbered) = try export(photo, to: folder)
            report(Progress(completed: index + 1, total: photos.count, photo: photo, exported: exported.url, renaming: renaming,
                            isNumbered: isNumbered))
        }
    }

    private func export(_ photo: Photo, to folder: URL) throws(ExportError) -> (FileName, renaming: String?, isNumbered: Bool) {
        let name = ExportName(for: photo)
        let embeds = Self.embeddingExtensions.contains(photo.fileURL.pathExtension.lowercased())
        let describes = !photo.label.isEmpty || photo.rotation != 0
        let withSidecar = describes && !embeds
        let exported = try write(photo, to: folder, as: name, embedding: describes && embeds, withSidecar: withSidecar)
        let unnumbered = name.numbered(1, reserving: withSidecar ? ExportName.sidecarBytes : 0)
        return (exported, name.note(photo: photo.id, exportedAs: exported.lastComponent, withSidecar: withSidecar),
                exported.lastComponent != unnumbered)
    }

    private func write(_ photo: Photo, to folder: URL, as name: ExportName, embedding: Bool, withSidecar: Bool) throws(ExportError) -> FileName {
        let final = FileName(url: folder).appending(name.numbered(1, reserving: withSidecar ? ExportName.sidecarBytes : 0)).displayed
        let temporary = folder.appendingPathComponent(".snapshelf-export-\(UUID().uuidString).tmp")
        defer { unlink(temporary.path) }
        try copy(photo.fileURL, to: temporary, naming: final)
        if embedding {
            do {
                let metadata = try Metadata(reading: temporary.path)
                let jpeg = ["jpeg", "jpg"].contains(photo.fileURL.pathExtension.lowercased())
                if !photo.label.isEmpty { try Self.embed(photo.label, in: metadata, jpeg: jpeg) }
                if photo.rotation != 0 { try metadata.turn(by: photo.rotation) }
                try metadata.save(into: temporary.path)
            } catch {
                throw ExportError(file: final, reason: .metadata(error.description))
            }
            // Exiv2 wrote the file anew; the copy itself was flushed as it was written.
            try Self.flush(temporary, naming: final)
        }
        guard withSidecar else {
            return try Self.link(temporary, in: folder, as: name, withSidecar: false)
        }
        // The sidecar is made whole under a temporary name too, and given its name after the copy.
        let sidecar = folder.appendingPathComponent(".snapshelf-export-\(UUID().uuidString).tmp")
        defer { unlink(sidecar.path) }
        let sidecarName = Self.sidecar(of: FileName(url: folder).appending(name.numbered(1, reserving: ExportName.sidecarBytes))).displayed
        do {
            let metadata = try Metadata(emptySidecar: ())
            if !photo.label.isEmpty { try metadata.setLanguageAlternative(Sidecar.titleTag, photo.label) }
            if photo.rotation != 0 {
                // The turn Snapshelf shows it with, which for a HEIF with irot is not its EXIF's.
                let own = EmbeddedOrientation.toApply(declared: (try? Metadata(reading: temporary.path))?.orientation,
                                                      inFileAt: temporary.path)
                try metadata.set(Metadata.xmpOrientationTag, String(Metadata.orientation(own, turnedBy: photo.rotation)))
            }
            try metadata.saveSidecar(to: sidecar.path)
        } catch {
            throw ExportError(file: sidecarName, reason: Self.isFull(folder) ? .noSpace : .metadata(error.description))
        }
        try Self.flush(sidecar, naming: sidecarName)
        let linked = try Self.link(temporary, in: folder, as: name, withSidecar: true)
        let linkedSidecar = Self.sidecar(of: linked)
        guard linkedSidecar.withCString({ Foundation.link(sidecar.path, $0) }) == 0 else {
            let code = errno
            // Neither without the other: the copy linked a moment ago is this export's own.
            _ = linked.withCString(unlink)
            throw ExportError(file: linkedSidecar.displayed, reason: .init(errno: code))
        }
        return linked
    }

    /// The XMP sidecar's name beside an exported copy, `name.heic.xmp`.
    private static func sidecar(of copy: FileName) -> FileName {
        FileName(bytes: copy.bytes + Array(".\(Sidecar.fileExtension)".utf8))
    }

    /// Embeds the label as the title, and in a JPEG as the IPTC object name too.
    private static func embed(_ label: String, in metadata: Metadata, jpeg: Bool) throws(Metadata.Failure) {
        // The label replaces the title in every language, or readers in another would show the old one.
        metadata.clear(Sidecar.titleTag)
        try metadata.setLanguageAlternative(Sidecar.titleTag, label)
        if jpeg {
            // The UTF-8 escape sequence, so readers take the object name as UTF-8.
            try metadata.set("Iptc.Envelope.CharacterSet", "\u{1B}%G")
            try metadata.set("Iptc.Application2.ObjectName", objectName(label))
        }
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

    /// The label cut to IPTC's 64 bytes, at a character boundary.
    static func objectName(_ label: String) -> String {
        var cut = Substring(label)
        while cut.utf8.count > objectNameBytes { cut = cut.dropLast() }
        return String(cut)
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
    /// replacing a file; with a sidecar, the name's ".xmp" must be free too.
    private static func link(_ temporary: URL, in folder: URL, as name: ExportName, withSidecar: Bool) throws(ExportError) -> FileName {
        for number in 1... {
            let candidate = FileName(url: folder).appending(name.numbered(number, reserving: withSidecar ? ExportName.sidecarBytes : 0))
            var status = stat()
            if withSidecar && sidecar(of: candidate).withCString({ lstat($0, &status) }) == 0 { continue }
            if candidate.withCString({ Foundation.link(temporary.path, $0) }) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                // File systems without hard links, as on many USB sticks: reserve the name, then
                // rename over the reservation, which is this export's own empty file.
                let reserved = candidate.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
                if reserved < 0 && errno == EEXIST { continue }
                guard reserved >= 0 else { throw ExportError(file: candidate.displayed, reason: .init(errno: errno)) }
                close(reserved)
                guard candidate.withCString({ rename(temporary.path, $0) }) == 0 else {
                    let code = errno
                    _ = candidate.withCString(unlink)
                    throw ExportError(file: candidate.displayed, reason: .init(errno: code))
                }
                return candidate
            default:
                throw ExportError(file: candidate.displayed, reason: .init(errno: errno))
            }
        }
        preconditionFailure("an unending sequence of numbers ran out")
    }
}
