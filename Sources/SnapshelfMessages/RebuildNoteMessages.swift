// What a rebuild's note says, with the words of the error it carries.
import Foundation
import SnapshelfModel

extension RebuildNote {
    public var words: String {
        switch self {
        case .said(let words): words
        case .copyUnreadable(let copy, let error):
            String(format: tr("the copy %@ cannot be read (%@); it was kept with what is known of it"), copy.path, error.explanation)
        case .sidecarsNotWritten(let error): error.message
        case .notALibraryCopy(let file):
            String(format: tr("file %@ is not named by its content, so it is no library copy; it was left out"), file.path)
        case .setAside(let file, let why):
            // TRANSLATORS: %@ is a file's path, then why it is no photo, such as "it is a link, not a regular file".
            String(format: tr("file %@ is no photo (%@); it was never opened and was left out, where it is"), file.path, why.words)
        case .sameContent(let file): String(format: tr("file %@ holds the same photo as another copy; it was left out"), file.path)
        case .claimedTwice(let sidecar, let claimed, let other, let now):
            String(format: tr("the sidecar of %@ claims photo %ld, which the sidecar of %@ claims too; it is now photo %ld, and keeps its label and all else it holds"),
                   sidecar.words, Int(claimed), other.words, Int(now))
        case .sidecarSetAside(let copy, let why, let folder):
            String(format: tr("the sidecar of %@ cannot be used: %@; the photo is rebuilt from itself, and the sidecar is set aside in %@"),
                   copy, why, folder.path)
        case .sidecarSalvaged(let sidecar, let why, let id, let label):
            String(format: tr("the sidecar of %@ cannot be used as it is: %@; the photo is photo %ld, %@"), sidecar.words, why, Int(id),
                   label.isEmpty ? tr("it keeps all else its sidecar holds")
                       : String(format: tr("it keeps its label “%@” and all else its sidecar holds"), label))
        case .labelCut(let copy): String(format: tr("the label in the sidecar of %@ was too long and was cut to fit"), copy)
        case .straySidecar(let file, let label):
            label.isEmpty
                ? String(format: tr("sidecar %@ has no photo beside it, so no photo was made of it; it stays, and importing that photo’s original again takes it back"), file.path)
                : String(format: tr("sidecar %@ has no photo beside it, so no photo was made of it; it stays, with its label “%@”, and importing that photo’s original again takes them back"),
                         file.path, label)
        }
    }
}

extension RebuildNote.SidecarOf {
    /// The original's name, then the sidecar's path; or the path alone.
    var words: String {
        original.map { String(format: tr("“%@” (%@)"), $0, sidecar.path) } ?? sidecar.path
    }
}
