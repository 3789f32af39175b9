// What a rebuild's note says, with the words of the error it carries.
import SnapshelfModel

extension RebuildNote {
    public var words: String {
        switch self {
        case .said(let words): words
        case .copyUnreadable(let copy, let error):
            String(format: tr("the copy %@ cannot be read (%@); it was kept with what is known of it"), copy.path, error.explanation)
        case .sidecarsNotWritten(let error): error.message
        }
    }
}
