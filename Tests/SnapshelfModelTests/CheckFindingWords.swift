// The words of a check's finding that the model still says itself, for tests of those findings;
// the findings that carry an error are cases, and tests match the case.
import SnapshelfModel

extension CheckFinding {
    var said: String? {
        if case .said(let words) = self { words } else { nil }
    }
}
