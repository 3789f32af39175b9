// One line of the Keyboard Shortcuts window: what it does, in which group, and the keys shown.
import SnapshelfModel

struct ShortcutEntry {
    enum Group: CaseIterable {
        case general, photos, selecting, viewer

        var title: String {
            switch self {
            case .general: tr("General")
            case .photos: tr("Photos")
            case .selecting: tr("Moving and Selecting")
            case .viewer: tr("Viewer")
            }
        }
    }

    let group: Group
    let title: String
    /// In GTK's accelerator syntax, such as "<Control>o".
    let keys: [String]

    init(_ group: Group, _ title: String, _ keys: [String]) {
        (self.group, self.title, self.keys) = (group, title, keys)
    }
}
