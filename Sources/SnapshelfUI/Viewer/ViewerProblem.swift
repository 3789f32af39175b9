// What the viewer shows instead of a photo it cannot show: that the library's copy is missing or
// damaged, why, and how to mend it, rather than a blurred placeholder that looks like loading.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class ViewerProblem {
    let root = Box(.vertical, spacing: 12)
    private let title = Label()
    private let detail = Label()

    init() {
        root.addStyleClass("viewer-problem")
        root.horizontalAlignment = .center
        root.verticalAlignment = .center
        let icon = Image(iconName: "image-missing-symbolic")
        icon.pixelSize = 96
        icon.addStyleClass("empty-icon")
        title.addStyleClass("empty-title")
        title.wraps = true
        title.justification = .center
        detail.wraps = true
        detail.justification = .center
        detail.maxWidthChars = 60
        detail.isSelectable = true
        root.append([icon, title, detail])
        root.isVisible = false
    }

    /// Says why the photo cannot be shown: its file is gone, or cannot be read as an image.
    func show(_ error: ImportError) {
        let missing = !FileManager.default.fileExists(atPath: error.path)
        title.text = missing ? tr("This Photo’s File Is Missing") : tr("This Photo Cannot Be Shown")
        detail.text = missing
            ? String(format: tr("There is no file at %@. Importing the original again restores it; “snapshelf check” lists every photo like this."), error.path)
            : String(format: tr("The library’s copy at %@ cannot be read: %@. Importing the original again restores it; “snapshelf check” lists every photo like this."),
                     error.path, error.explanation)
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
    }

    var text: String? { root.isVisible ? title.text + "\n" + detail.text : nil }
}
