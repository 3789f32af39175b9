// Copies photos out of the library under their original names, each label embedded where the
// format allows it (see `ExportTitle`), else in the XMP sidecars peers look for beside the copy
// (see `ExportSidecars`); a rotated photo's orientation is set so that it shows turned, in the
// copy or its sidecars alike. The pixels are never touched, and nothing already in the folder is
// overwritten. Each copy is made, decoded in the sandbox and labelled in a private folder
// (`ExportWorkspace`), and enters the export folder only when whole, by a link that takes a free
// name and follows none (`ExportFolder`).
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

    /// The formats, as GdkPixbuf names them, that Exiv2 writes metadata into; the others get sidecars.
    static let embeddingFormats: Set<String> = ["jpeg", "png", "tiff", "webp"]

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
        // A copy exported into the library would be taken for one of its own files, or swept.
        if let library = photos.first?.fileURL.deletingLastPathComponent().deletingLastPathComponent(),
           Self.isInside(folder, library) {
            throw ExportError(file: FileName(url: folder).displayed, reason: .insideLibrary)
        }
        let destination = try ExportFolder(folder)
        destination.sweepStaleTemporaries()
        let workspace = try ExportWorkspace()
        var sidecars = ExportSidecars(in: destination)
        for (index, photo) in photos.enumerated() {
            guard !isCancelled else { return }
            let (exported, renaming, numbering) = try export(photo, to: destination, through: workspace, sidecars: &sidecars)
            report(Progress(completed: index + 1, total: photos.count, photo: photo, exported: destination.url(of: exported),
                            renaming: renaming, numbering: numbering))
        }
    }

    private func export(_ photo: Photo, to folder: ExportFolder, through workspace: ExportWorkspace, sidecars: inout ExportSidecars)
        throws(ExportError) -> (FileName, renaming: String?, numbering: ExportNumbering?) {
        let copy = workspace.newFile()
        defer { unlink(copy.path) }
        let decoded = try copyDecoded(photo, to: copy, naming: folder.displayed(ExportName(for: photo).numbered(1)))
        let format = PixbufFormats.format(named: decoded.format)
        let name = ExportName(for: photo, format: format)
        let embeds = Self.embeddingFormats.contains(decoded.format)
        let describes = !photo.label.isEmpty || photo.rotation != 0
        let withSidecar = describes && !embeds
        let final = folder.displayed(name.numbered(1, reserving: withSidecar ? ExportName.sidecarBytes : 0))
        if embeds {
            if try Self.embed(photo, into: copy, isJPEG: decoded.format == "jpeg", naming: final) { try Self.flush(copy, naming: final) }
        } else {
            try Self.retitle(copy, label: photo.label, naming: final)
        }
        let entrant = try folder.entrant(copy.lastPathComponent, from: workspace, naming: final)
        let placed: (FileName, ExportNumbering?)
        if withSidecar {
            placed = try Self.placeWithSidecars(entrant, in: folder, through: workspace, as: name, photo: photo,
                                                orientation: decoded.thumbnail.orientation, sidecars: sidecars)
        } else {
            placed = try Self.link(entrant, in: folder, as: name, withSidecar: false, sidecars: sidecars)
        }
        sidecars.insert(placed.0, withSidecars: withSidecar)
        return (placed.0, name.note(photo: photo.id, exportedAs: placed.0, withSidecar: withSidecar), placed.1)
    }

    /// Gives the copy a name, then its XMP sidecars, made whole in the workspace, theirs: a copy of
    /// a format Exiv2 cannot write carries its label and turn in them. `orientation` is the one the
    /// decoder showed it with, which for a HEIF with irot is not its EXIF's.
    private static func placeWithSidecars(_ entrant: ExportFolder.Entrant, in folder: ExportFolder, through workspace: ExportWorkspace,
                                          as name: ExportName, photo: Photo, orientation: Int,
                                          sidecars taken: ExportSidecars) throws(ExportError) -> (FileName, ExportNumbering?) {
        let shown = folder.displayed(ExportSidecars.names(beside: name.numbered(1, reserving: ExportName.sidecarBytes))[0])
        let metadata: Metadata
        do {
            metadata = try Metadata(emptySidecar: ())
            if !photo.label.isEmpty { try metadata.setLanguageAlternative(Sidecar.titleTag, photo.label) }
            if photo.rotation != 0 {
                try metadata.set(Metadata.xmpOrientationTag, String(Metadata.orientation(orientation, turnedBy: photo.rotation)))
            }
        } catch {
            throw ExportError(file: shown, reason: .metadata(error.description))
        }
        var sidecarEntrants: [ExportFolder.Entrant] = []
        let sidecars = ExportSidecars.names(beside: name.numbered(1)).map { _ in workspace.newFile() }
        defer { sidecars.forEach { unlink($0.path) } }
        // One file for each name, so that a peer that rewrites one sidecar in place leaves the other be.
        for sidecar in sidecars {
            do {
                try metadata.saveSidecar(to: sidecar.path)
            } catch {
                throw ExportError(file: shown, reason: folder.isFull ? .noSpace : .metadata(error.description))
            }
            try flush(sidecar, naming: shown)
            sidecarEntrants.append(try folder.entrant(sidecar.lastPathComponent, from: workspace, naming: shown))
        }
        let (linked, numbering) = try link(entrant, in: folder, as: name, withSidecar: true, sidecars: taken)
        var placed: [FileName] = [linked]
        for (sidecarEntrant, named) in zip(sidecarEntrants, ExportSidecars.names(beside: linked)) {
            do throws(ExportError) {
                // Another program took the name since it was found free: this export's files go.
                guard try folder.place(sidecarEntrant, at: named) else { throw ExportError(file: folder.displayed(named), reason: .init(errno: EEXIST)) }
                placed.append(named)
            } catch {
                // None without the others: the files placed a moment ago are this export's own.
                placed.forEach(folder.remove)
                throw error
            }
        }
        return (linked, numbering)
    }

    /// Gives the copy the photo's label and turn, or takes away the titles it carries when the
    /// photo has no label; returns whether the copy was written anew.
    private static func embed(_ photo: Photo, into temporary: URL, isJPEG jpeg: Bool, naming final: String) throws(ExportError) -> Bool {
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
        guard let item = ExportHEIFXMP(descriptor: descriptor, path: final) else { return }
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

    /// Copies the library's copy of the photo into the workspace, then has a sandboxed decoder
    /// decode that private copy: only an image the sandbox read leaves through an export, and what
    /// the export needs to know of its content (its format, its orientation) is what the decoder said.
    private func copyDecoded(_ photo: Photo, to copy: URL, naming final: String) throws(ExportError) -> DecoderPool.DecodedImage {
        let source = photo.fileURL
        let file: OpenFile
        // A library copy is a file of its own: a link, a FIFO or a device in its place is no photo.
        switch OpenFile.openRegular(FileName(url: source), followingLinks: false) {
        case .success(let opened): file = opened
        case .failure(let failure):
            throw ExportError(file: final, reason: .libraryCopyUnreadable(String(format: "%@: %@", FileName(url: source).displayed, failure.description)))
        }
        do {
            try CopyWriter.write(to: copy.path, privately: false) { (output) throws(CopyWriter.Failure) in
                try output.append(contentsOf: file, readFrom: source.path)
            }
        } catch {
            throw ExportError(file: final, reason: .init(error))
        }
        guard case .success(let written) = OpenFile.openRegular(FileName(url: copy), followingLinks: false) else {
            throw ExportError(file: final, reason: .init(errno: errno))
        }
        do {
            return try DecoderPool.shared.image(from: written.descriptor, path: FileName(url: source).text, fittingIn: 64,
                                                maximumPixels: PhotoCandidate.maximumMegapixels * 1_000_000)
        } catch {
            throw ExportError(file: final, reason: .notAnImage(error))
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

    /// Gives the copy the first free name of "name", "name (2)", "name (3)"…, never replacing a
    /// file, and never one beside which lies a sidecar a peer would read for it; with sidecars, a
    /// name whose stem no other file has; with why the first name was not free.
    private static func link(_ entrant: ExportFolder.Entrant, in folder: ExportFolder, as name: ExportName, withSidecar: Bool,
                             sidecars: ExportSidecars) throws(ExportError) -> (FileName, ExportNumbering?) {
        var numbering: ExportNumbering?
        for number in 1... {
            let candidate = name.numbered(number, reserving: withSidecar ? ExportName.sidecarBytes : 0)
            let refusal = sidecars.refusal(of: candidate, withSidecar: withSidecar)
            if refusal == nil, try folder.place(entrant, at: candidate) { return (candidate, numbering) }
            numbering = numbering ?? refusal ?? .nameTaken
        }
        preconditionFailure("an unending sequence of numbers ran out")
    }
}
