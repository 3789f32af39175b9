// Why a sync's conflict copy stays, as `check` says it.
import Foundation
import SnapshelfModel

extension ConflictObstacle {
    public var words: String {
        switch self {
        case .sidecarUnusable(let why): why
        case .sidecarUnreadable(let sidecar, let why): String(format: tr("its sidecar %@ cannot be read: %@"), sidecar, why)
        case .mergeNotWritten(let why): String(format: tr("the merged sidecar cannot be written: %@"), why)
        case .notMoved(let code): String(cString: strerror(code))
        case .otherContent: tr("it does not hold the photo its name gives")
        case .cutShort: tr("it cannot be read to its end")
        case .notOpened(let failure): failure.description
        case .refused(let refusal): refusal.words
        }
    }
}
