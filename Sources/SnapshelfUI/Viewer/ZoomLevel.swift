// What the viewer says about its zoom: "Fit" while the photo fits the window, else its scale
// against the photo's own pixels, such as "150%". The viewer's zoom counts the decoded image's
// pixels, which for a large photo are fewer than its own; the longest sides compare them.
import SnapshelfModel

enum ZoomLevel {
    static func text(zoom: Double?, shownSize: (width: Int, height: Int)?, photo: Photo?) -> String {
        guard let zoom, let shownSize, let photo else { return tr("Fit") }
        let own = max(photo.width, photo.height)
        let scale = own > 0 ? zoom * Double(max(shownSize.width, shownSize.height)) / Double(own) : zoom
        return String(format: tr("%d%%"), Int((scale * 100).rounded()))
    }
}
