// Why a label cannot be saved, with the limit it broke.
import SnapshelfModel

extension Label.Problem {
    public var words: String {
        switch self {
        case .tooLong(let length):
            String(format: tr("the label is %ld characters long; the limit is %ld"), length, Label.maximumLength)
        case .tooManyBytes(let count):
            String(format: tr("the label takes %ld bytes; the limit is %ld (a character with many accents or marks counts them all)"),
                   count, Label.maximumBytes)
        }
    }
}
