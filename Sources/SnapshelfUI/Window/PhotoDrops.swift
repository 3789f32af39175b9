// Files and folders dropped from a file manager onto the window, imported like chosen ones.
// While they hover over the window, a tinted frame over its content shows it takes them, as
// GNOME's apps show a drop target: GTK's own :drop(active) look falls on the window, under the
// content that covers it.
import Foundation
import SnapshelfGlue

@MainActor
enum PhotoDrops {
    /// The window takes drops, and the overlay returned shows `content` with the highlight over it.
    static func accept(on window: Window, over content: Widget, _ importFiles: @escaping @MainActor ([URL]) -> Void) -> Widget {
        let target = DropTarget()
        target.onDrop { urls in
            importFiles(urls)
            // Remote locations are no files to import: the drop is refused rather than ignored.
            return !urls.isEmpty
        }
        window.addController(target)
        let highlight = Box(.vertical)
        highlight.addStyleClass("drop-highlight")
        highlight.isVisible = false
        // Drawn, but never in the way of the pointer, nor of a screen reader.
        highlight.takesPointer = false
        highlight.hideFromScreenReaders()
        target.onHoverChanged { hovering in highlight.isVisible = hovering }
        let overlay = Overlay()
        overlay.setChild(content)
        overlay.addOverlay(highlight)
        return overlay
    }
}
