// What a note on an import says, with the words of the problem it carries.
import SnapshelfModel

extension ImportNote {
    public var words: String {
        switch self {
        case .said(let words): words
        case .sidecarUnreadable(let sidecar, let reason):
            String(format: tr("%@: %@, so no title was taken from it"), sidecar.displayed,
                   String(format: tr("it is not XMP that can be read (%@)"), reason.metadataWords))
        case .titleNotALabel(let photo, let source, let problem):
            // TRANSLATORS: %@ are the photo, where its title came from, and why it is no label.
            String(format: tr("%@: the title from %@ cannot be cut to a label (%@), so it was not taken"),
                   photo.displayed, source.description, problem.words)
        }
    }
}
