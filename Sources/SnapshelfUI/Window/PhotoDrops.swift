// Files and folders dropped from a file manager onto the window, imported like chosen ones.
import Foundation
import SnapshelfGlue

@MainActor
enum PhotoDrops {
    static func accept(on window: Window, _ importFiles: @escaping @MainActor ([URL]) -> Void) {
        let target = DropTarget()
        target.onDrop { urls in
            importFiles(urls)
            // Remote locations are no files to import: the drop is refused rather than ignored.
            return !urls.isEmpty
        }
        window.addController(target)
    }
}
