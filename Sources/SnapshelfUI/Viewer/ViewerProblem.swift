// What the viewer shows instead of a photo it cannot show: that the library's copy is missing or
// damaged, why, and how to mend it, rather than a blurred placeholder that looks like loading.
import Foundation
import SnapshelfGlue
import SnapshelfMessages
import SnapshelfModel

@MainActor
final class ViewerProblem {
    private let page = StatusPage(iconName: "image-missing-symbolic")
    var root: Widget { page }

    init() {
        page.addStyleClass("viewer-problem")
        page.isVisible = false
    }

    /// Says why the photo cannot be shown: its file is gone, or cannot be read as an image.
    func show(_ error: DecodingFailure) {
        let missing = !FileManager.default.fileExists(atPath: error.path)
        page.title = missing ? tr("This Photo’s File Is Missing") : tr("This Photo Cannot Be Shown")
        page.description = missing
            ? String(format: tr("There is no file at %@. Importing the original again restores it; “snapshelf check” lists every photo like this."), error.displayPath)
            : String(format: tr("The library’s copy at %@ cannot be read: %@. Importing the original again restores it; “snapshelf check” lists every photo like this."),
                     error.displayPath, error.explanation)
        page.isVisible = true
    }

    func hide() {
        page.isVisible = false
    }

    var text: String? { page.isVisible ? page.title + "\n" + page.description : nil }
}
