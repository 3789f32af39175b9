// Copies photos out of the library under their original names, each label embedded where the
// format allows it (XMP dc:title, and in a JPEG the IPTC object name too), else in an XMP sidecar
// beside the copy. The pixels are never touched, and nothing already in the folder is overwritten:
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
            throw ExportError(file: folder.path, reason: FileManager.default.fileExists(atPath: folder.path) ? .notAFolder : .noFolder)
        }
        for (index, photo) in photos.enumerated() {
            guard !isCancelled else { return }
            let exported = try export(photo, to: folder)
            report(Progress(completed: index + 1, total: photos.count, photo: photo, exported: exported))
        }
    }

    private func export(_ photo: Photo, to folder: URL) throws(ExportError) -> URL {
        let name = Self.safeName(photo)
        let temporary = folder.appendingPathComponent(".snapshelf-export-\(UUID().uuidString).tmp")
        defer { unlink(temporary.path) }
        try copy(photo.fileURL, to: temporary, naming: name)
        let embeds = Self.embeddingExtensions.contains(photo.fileURL.pathExtension.lowercased())
        if !photo.label.isEmpty && embeds {
            do {
                let metadata = try Metadata(reading: temporary.path)
                try metadata.setLanguageAlternative(Sidecar.titleTag, photo.label)
                if ["jpeg", "jpg"].contains(photo.fileURL.pathExtension.lowercased()) {
                    // The UTF-8 escape sequence, so readers take the object name as UTF-8.
                    try metadata.set("Iptc.Envelope.CharacterSet", "\u{1B}%G")
                    try metadata.set("Iptc.Application2.ObjectName", Self.objectName(photo.label))
                }
                try metadata.save(into: temporary.path)
            } catch {
                throw ExportError(file: folder.appendingPathComponent(name).path, reason: .metadata(error.description))
            }
        }
        try Self.flush(temporary, naming: folder.appendingPathComponent(name))
        let sidecar = !photo.label.isEmpty && !embeds
        let final = try Self.link(temporary, in: folder, as: name, withSidecar: sidecar)
        if sidecar {
            let metadata = Metadata(emptySidecar: ())
            do {
                try metadata.setLanguageAlternative(Sidecar.titleTag, photo.label)
                try metadata.saveSidecar(to: Sidecar.url(for: final).path)
            } catch {
                throw ExportError(file: Sidecar.url(for: final).path, reason: .metadata(error.description))
            }
        }
        return final
    }

    /// The name the photo had, or its copy's where that cannot name a file.
    static func safeName(_ photo: Photo) -> String {
        let name = photo.originalName
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.hasPrefix(".snapshelf-export-") else {
            return photo.fileURL.lastPathComponent
        }
        return name
    }

    /// The label cut to IPTC's 64 bytes, at a character boundary.
    static func objectName(_ label: String) -> String {
        var cut = Substring(label)
        while cut.utf8.count > objectNameBytes { cut = cut.dropLast() }
        return String(cut)
    }

    private func copy(_ source: URL, to temporary: URL, naming name: String) throws(ExportError) {
        let final = temporary.deletingLastPathComponent().appendingPathComponent(name).path
        let file: OpenFile
        switch OpenFile.open(source.path) {
        case .success(let opened): file = opened
        case .failure: throw ExportError(file: final, reason: .libraryCopyUnreadable(source.path))
        }
        do {
            try CopyWriter.write(to: temporary.path, privately: false) { (output) throws(CopyWriter.Failure) in
                var failure: CopyWriter.Failure?
                do throws(OpenFile.ReadFailure) {
                    try file.chunks { chunk, _ in
                        do throws(CopyWriter.Failure) { try output.append(chunk) } catch { failure = error }
                        return failure == nil
                    }
                } catch {
                    throw .source(ImportError(path: source.path, reason: .unreadable("\(error)")))
                }
                if let failure { throw failure }
            }
        } catch {
            throw ExportError(file: final, reason: .init(error))
        }
    }

    private static func flush(_ temporary: URL, naming final: URL) throws(ExportError) {
        let descriptor = open(temporary.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            throw ExportError(file: final.path, reason: .init(errno: code))
        }
        close(descriptor)
    }

    /// Gives the temporary copy the first free name of "name", "name (2)", "name (3)"…, never
    /// replacing a file; with a sidecar, the name's ".xmp" must be free too.
    private static func link(_ temporary: URL, in folder: URL, as name: String, withSidecar: Bool) throws(ExportError) -> URL {
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        for number in 1... {
            let candidateName = number == 1 ? name : "\(stem) (\(number))" + (suffix.isEmpty ? "" : ".\(suffix)")
            let candidate = folder.appendingPathComponent(candidateName)
            if withSidecar && FileManager.default.fileExists(atPath: Sidecar.url(for: candidate).path) { continue }
            if Foundation.link(temporary.path, candidate.path) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                // File systems without hard links, as on many USB sticks: reserve the name, then
                // rename over the reservation, which is this export's own empty file.
                let reserved = open(candidate.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if reserved < 0 && errno == EEXIST { continue }
                guard reserved >= 0 else { throw ExportError(file: candidate.path, reason: .init(errno: errno)) }
                close(reserved)
                guard rename(temporary.path, candidate.path) == 0 else {
                    let code = errno
                    unlink(candidate.path)
                    throw ExportError(file: candidate.path, reason: .init(errno: code))
                }
                return candidate
            default:
                throw ExportError(file: candidate.path, reason: .init(errno: errno))
            }
        }
        preconditionFailure("an unending sequence of numbers ran out")
    }
}
