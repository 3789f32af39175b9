// Why a photo's details could not be read, as the information panel says it.
import SnapshelfModel

extension PhotoDetails.Problem {
    public var words: String {
        switch self {
        case .copyMissing: tr("The library’s copy of this photo is missing.")
        case .metadataUnreadable(let reason): String(format: tr("Its metadata could not be read: %@"), reason.metadataWords)
        }
    }
}
