// The user manual: Mallard pages installed as share/help/C/snapshelf/, which the desktop's help
// viewer (Yelp) shows for help:snapshelf, as F1 and Help in the main menu ask; a build run from
// its source tree shows the tree's pages (see ManualLocation). Without a viewer the window says
// so, rather than nothing happening.
import SnapshelfGlue
import SnapshelfModel

@MainActor
enum HelpManual {
    static var uri: String { ManualLocation.uri() }

    static func open(over library: LibraryWindow, uri: String = uri) {
        URILauncher.show(uri, over: library.window) { [weak library] failure in
            guard let failure, let library else { return }
            library.notification.show(failure.isNotSupported
                ? tr("The manual could not be opened: no help viewer is installed, such as Yelp.")
                // TRANSLATORS: %@ is the system's reason, such as “Failed to execute child process”.
                : String(format: tr("The manual could not be opened: %@"), failure.message))
        }
    }
}
