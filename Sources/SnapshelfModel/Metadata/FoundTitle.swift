// A title another app gave a photo, found at import to become its label. Looked for, in order:
// an XMP sidecar beside the original (`photo.jpg.xmp` as digiKam and darktable name it, then
// `photo.xmp` as gThumb does), the photo's own XMP dc:title, which Shotwell, gThumb, digiKam,
// darktable and Lightroom all read as the title, then its IPTC Object Name, the IPTC standard's
// title. EXIF ImageDescription is never read: cameras fill it with their own name.
import Foundation
import SnapshelfDecoderWire

public struct FoundTitle: Sendable, Equatable {
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case sidecar(URL)
        case embeddedXMP
        case iptcObjectName
        /// The title in Shotwell's library, which it keeps in its database.
        case shotwell

        /// Where the title came from, for the person.
        public var description: String {
            switch self {
            case .sidecar(let url): String(format: tr("the XMP sidecar %@"), FileName(url: url).lastComponent.displayed)
            case .embeddedXMP: tr("the photo’s XMP title")
            case .iptcObjectName: tr("the photo’s IPTC object name")
            case .shotwell: tr("Shotwell’s library")
            }
        }
    }

    /// The title under the label rules, ready to save.
    public let label: Label
    public let source: Source

    /// Where the title came from, for the person.
    public var sourceDescription: String { source.description }

    /// Text cameras and apps put where a title goes, which no person wrote.
    private static let filler: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "kodak digital still camera", "minolta digital camera",
        "samsung digital camera", "default", "untitled", "image", "picture",
    ]

    /// The first title found for the photo at `url`, whose own tags are given, with notes on
    /// sidecars that could not be read and on titles that had to be changed or were refused.
    static func find(for url: URL, tags: PhotoTags?) -> (title: FoundTitle?, notes: [ImportNote]) {
        var notes: [ImportNote] = []
        // By bytes, since the photo's name, and so its sidecars', may be no UTF-8.
        let photo = FileName(url: url)
        for sidecar in [photo, photo.deletingExtension].map({ $0.appendingExtension(Sidecar.fileExtension) }) {
            switch read(sidecar) {
            case .tags(let sidecarTags):
                if let problem = sidecarTags.xmpProblem {
                    notes.append(.sidecarNotXMP(sidecar, detail: problem))
                }
                if let title = usable(sidecarTags, from: .sidecar(sidecar.url), of: photo, notes: &notes) { return (title, notes) }
            case .none: continue
            case .problem(let problem):
                notes.append(.sidecarRefused(sidecar, why: problem))
            case .unreadable(let reason):
                notes.append(.sidecarUnreadable(sidecar, reason))
            }
        }
        guard let tags else { return (nil, notes) }
        if let problem = tags.xmpProblem {
            notes.append(.xmpUnreadable(photo, detail: problem))
        }
        if let title = usable(tags, from: .embeddedXMP, of: photo, notes: &notes) {
            return (title, notes)
        }
        var objectName = tags
        objectName.title = tags.objectName
        (objectName.titleBytes, objectName.titleInvalidSequences) = (nil, nil)
        return (usable(objectName, from: .iptcObjectName, of: photo, notes: &notes), notes)
    }

    private enum SidecarReading {
        case none
        case tags(PhotoTags)
        case problem(String)
        case unreadable(DecodingFailure.Reason)
    }

    /// The sidecar's tags, none when there is no sidecar, or why it cannot be read. Only a regular
    /// file is read, opened without waiting, so a FIFO or a device of that name stalls nothing.
    private static func read(_ sidecar: FileName) -> SidecarReading {
        let file: OpenFile
        switch OpenFile.openRegular(sidecar) {
        case .success(let opened): file = opened
        // Most photos have none.
        case .failure(.failed(errno: ENOENT)), .failure(.failed(errno: ENOTDIR)): return .none
        case .failure(let failure): return .problem(failure.description)
        }
        // Kept open until the decoder is done with its descriptor, which closes with it.
        defer { withExtendedLifetime(file) {} }
        guard file.size <= Sidecar.maximumBytes else { return .problem(Sidecar.Problem.tooLarge(bytes: file.size).description) }
        do throws(DecodingFailure) {
            return .tags(try PhotoTags.read(from: file.descriptor, path: sidecar.text))
        } catch {
            return .unreadable(error.reason)
        }
    }

    /// The tags' title as a label, unless it is missing, empty or filler; a note says what the
    /// label rules changed in it, or why it was refused.
    private static func usable(_ tags: PhotoTags, from source: Source, of photo: FileName, notes: inout [ImportNote]) -> FoundTitle? {
        guard let text = tags.title else { return nil }
        let label = Label.fitting(text)
        let trimmed = label.text.trimmingCharacters(in: .whitespaces)
        let found = FoundTitle(label: label, source: source)
        guard !filler.contains(trimmed.lowercased()) else { return nil }
        guard !trimmed.isEmpty else {
            if !text.isEmpty { notes.append(refusal(of: text, tags: tags, from: found, of: photo)) }
            return nil
        }
        let changes = self.changes(in: text, tags: tags)
        if !changes.isEmpty {
            notes.append(.titleChanged(photo, source: source, changes))
        }
        return found
    }

    /// What reading the title and the label rules changed in it.
    private static func changes(in text: String, tags: PhotoTags) -> [ImportNote.TitleChange] {
        var changes: [ImportNote.TitleChange] = []
        if let invalid = tags.titleInvalidSequences { changes.append(.notUTF8(sequences: invalid)) }
        do throws(Label.Problem) {
            if let normalisation = try Label(text).normalisation { changes.append(.normalised(normalisation)) }
            if tags.titleBytes != nil { throw .tooManyBytes(count: tags.titleBytes ?? 0) }
        } catch {
            changes.append(.cut)
        }
        return changes
    }

    /// Why a title that had text gave no label: nothing in it shows, or it is one character too
    /// large for a label, such as a letter with a million accents.
    private static func refusal(of text: String, tags: PhotoTags, from found: FoundTitle, of photo: FileName) -> ImportNote {
        do throws(Label.Problem) {
            if let bytes = tags.titleBytes { throw .tooManyBytes(count: bytes) }
            _ = try Label(text)
            return .titleInvisible(photo, source: found.source)
        } catch {
            return .titleNotALabel(photo, source: found.source, error)
        }
    }
}
