// A title another app gave a photo, found at import to become its label. Looked for, in order:
// an XMP sidecar beside the original (`photo.jpg.xmp` as digiKam and darktable name it, then
// `photo.xmp` as gThumb does), the photo's own XMP dc:title, which Shotwell, gThumb, digiKam,
// darktable and Lightroom all read as the title, then its IPTC Object Name, the IPTC standard's
// title. EXIF ImageDescription is never read: cameras fill it with their own name.
import Foundation

public struct FoundTitle: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case sidecar(URL)
        case embeddedXMP
        case iptcObjectName
    }

    /// The title under the label rules, ready to save.
    public let label: Label
    public let source: Source

    /// Where the title came from, for the person.
    public var sourceDescription: String {
        switch source {
        case .sidecar(let url): String(format: tr("the XMP sidecar %@"), FileName(url: url).lastComponent.displayed)
        case .embeddedXMP: tr("the photo’s XMP title")
        case .iptcObjectName: tr("the photo’s IPTC object name")
        }
    }

    /// Text cameras and apps put where a title goes, which no person wrote.
    private static let filler: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "kodak digital still camera", "minolta digital camera",
        "samsung digital camera", "default", "untitled", "image", "picture",
    ]

    /// The first title found for the photo at `url`, whose own tags are given, with notes on
    /// sidecars that could not be read.
    static func find(for url: URL, tags: PhotoTags?) -> (title: FoundTitle?, notes: [String]) {
        var notes: [String] = []
        // By bytes, since the photo's name, and so its sidecars', may be no UTF-8.
        let photo = FileName(url: url)
        for sidecar in [photo, photo.deletingExtension].map({ $0.appendingExtension(Sidecar.fileExtension) }) {
            var status = stat()
            // Most photos have none; one that is there is read once its size is known to be sane.
            guard sidecar.withCString({ stat($0, &status) }) == 0 else { continue }
            switch read(sidecar, size: Int(status.st_size)) {
            case .success(let title?): return (title, notes)
            case .success(nil): continue
            case .failure(let problem):
                notes.append(String(format: tr("%@: %@, so no title was taken from it"), sidecar.displayed, problem.description))
            }
        }
        guard let tags else { return (nil, notes) }
        if let title = usable(tags.title, from: .embeddedXMP) {
            return (title, notes)
        }
        return (usable(tags.objectName, from: .iptcObjectName), notes)
    }

    private static func read(_ sidecar: FileName, size: Int) -> Result<FoundTitle?, Sidecar.Problem> {
        guard size <= Sidecar.maximumBytes else { return .failure(.tooLarge(bytes: size)) }
        do {
            return .success(usable(try PhotoTags.read(sidecar.url).title, from: .sidecar(sidecar.url)))
        } catch {
            return .failure(.notXMP(error.description))
        }
    }

    /// The text as a label, unless it is empty or filler.
    private static func usable(_ text: String?, from source: Source) -> FoundTitle? {
        guard let text else { return nil }
        let label = Label.fitting(text)
        let trimmed = label.text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !filler.contains(trimmed.lowercased()) else { return nil }
        return FoundTitle(label: label, source: source)
    }
}
