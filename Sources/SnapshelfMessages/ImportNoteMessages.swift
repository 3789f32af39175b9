// What a note on an import says, with the words of the problem it carries.
import Foundation
import SnapshelfModel

extension ImportNote {
    public var words: String {
        switch self {
        case .sidecarUnreadable(let sidecar, let reason): Self.notXMP(sidecar, reason.metadataWords)
        case .titleNotALabel(let photo, let source, let problem):
            // TRANSLATORS: %@ are the photo, where its title came from, and why it is no label.
            String(format: tr("%@: the title from %@ cannot be cut to a label (%@), so it was not taken"),
                   photo.displayed, source.description, problem.words)
        case .sidecarNotXMP(let sidecar, let detail): Self.notXMP(sidecar, detail)
        case .sidecarRefused(let sidecar, let why): Self.untaken(sidecar, why)
        case .xmpUnreadable(let photo, let detail):
            String(format: tr("%@: its XMP cannot be read (%@), so no title was taken from it"), photo.displayed, detail)
        case .titleChanged(let photo, let source, let changes):
            // TRANSLATORS: %@ are the photo, where its title came from, and what was changed in the title.
            String(format: tr("%@: in the title from %@, %@"), photo.displayed, source.description,
                   changes.map(\.words).joined(separator: "; "))
        case .titleInvisible(let photo, let source):
            String(format: tr("%@: the title from %@ holds nothing but invisible characters, so it was not taken"),
                   photo.displayed, source.description)
        case .shotwellMirrorDropped(let photo):
            String(format: tr("%@: Shotwell showed it mirrored otherwise than its file is; it is turned as in Shotwell, but mirrored as the file says"),
                   photo.displayed)
        case .sidecarTakenBack(let id, let label):
            label.isEmpty
                ? String(format: tr("photo %ld took back the name, dates and rotation its sidecar in the library kept"), Int(id))
                : String(format: tr("photo %ld took back the label “%@”, name, dates and rotation its sidecar in the library kept"), Int(id), label)
        case .sidecarSetAside(let id, let why, let url):
            String(format: tr("a sidecar was already where photo %ld’s belongs, but %@; it was set aside at %@"), Int(id), why, url.path)
        case .updateNotSaved(let photo, let error):
            String(format: tr("%@: it was in the library already, and the title or turn it brought could not be given to it: %@"),
                   photo.displayed, error.message)
        }
    }

    private static func notXMP(_ sidecar: FileName, _ detail: String) -> String {
        untaken(sidecar, String(format: tr("it is not XMP that can be read (%@)"), detail))
    }

    private static func untaken(_ sidecar: FileName, _ why: String) -> String {
        String(format: tr("%@: %@, so no title was taken from it"), sidecar.displayed, why)
    }
}

extension ImportNote.TitleChange {
    public var words: String {
        switch self {
        case .notUTF8(let count):
            String(format: trn("%ld sequence of bytes that was no UTF-8 became �", "%ld sequences of bytes that were no UTF-8 became �", count), count)
        case .normalised(let words): words
        case .cut:
            String(format: tr("the text was longer than a label may be (%ld characters, %ld bytes) and was cut to fit"),
                   Label.maximumLength, Label.maximumBytes)
        }
    }
}
