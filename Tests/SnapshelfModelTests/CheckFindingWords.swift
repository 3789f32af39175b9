// The values of a check's findings that tests look for without giving the whole case, such as
// a conflict copy's path, whose URL the library forms its own way.
import SnapshelfModel

extension CheckFinding {
    /// A conflict copy's path, and why it cannot be merged.
    var conflictCopy: (path: String, unmerged: ConflictObstacle?)? {
        if case .conflictCopy(let url, let unmerged) = self { (url.path, unmerged) } else { nil }
    }

    var isStrayFile: Bool {
        if case .strayFile = self { true } else { false }
    }

    /// Whose sidecar the photo's sidecar is, when it is another photo's.
    var sidecarOwner: Int64? {
        if case .sidecarOfAnother(_, _, let owner) = self { owner } else { nil }
    }
}
