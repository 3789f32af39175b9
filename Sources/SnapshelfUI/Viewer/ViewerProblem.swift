// What the viewer shows instead of a photo it cannot show: that the library's copy is missing or
// damaged, why, and how to mend it, rather than a blurred placeholder that looks like loading.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ViewerProblem {
    private let page = StatusPage(iconName: "image-missing-symbolic", iconSize: 96)
    var root: Widget { page.root }

    init() {
        page.root.addStyleClass("viewer-problem")
        page.body.maxWidthChars = 60
        page.body.isSelectable = true
        page.root.isVisible = false
    }

    /// Says why the photo cannot be shown: its file is gone, or cannot be read as an image.
    func show(_ error: DecodingFailure) {
        let missing = !FileManager.default.fileExists(atPath: error.path)
        page.title.text = missing ? tr("This Photo’s File Is Missing") : tr("This Photo Cannot Be Shown")
        page.body.text = missing
            ? String(format: tr("There is no file at %@. Importing the original again restores it; “snapshelf check” lists every photo like this."), error.displayPath)
            : String(format: tr("The library’s copy at %@ cannot be read: %@. Importing the original again restores it; “snapshelf check” lists every photo like this."),
                     error.displayPath, error.explanation)
        page.root.isVisible = true
    }

    func hide() {
        page.root.isVisible = false
    }

    var text: String? { page.root.isVisible ? page.title.text + "\n" + page.body.text : nil }
}
