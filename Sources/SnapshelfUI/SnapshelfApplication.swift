// The GtkApplication: opens the library, shows its window, and owns the app-wide shortcuts.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
public final class SnapshelfApplication {
    public static let id = "io.github.snapshelf.Snapshelf"

    let application: GObjectRef
    private let libraryDirectory: URL
    private let loader = ThumbnailLoader()
    private(set) var window: LibraryWindow?

    /// - Parameter id: the D-Bus application ID; tests give each instance its own, because two
    ///   applications of one ID cannot both register in one process.
    public init(libraryDirectory: URL, id: String = SnapshelfApplication.id) {
        self.libraryDirectory = libraryDirectory
        // Non-unique for now, so that two libraries can be open at once.
        application = GObjectRef(adopting: gtk_application_new(id, G_APPLICATION_NON_UNIQUE))
        application.connect("startup") { [weak self] in self?.startUp() }
        application.connect("activate") { [weak self] in self?.activate() }
    }

    /// Runs the main loop until the last window closes; returns the process's exit status.
    public func run() -> Int32 {
        // GTK sees only the program name: the command line was parsed already.
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(arguments[0]) }
        return g_application_run(application.typed(), 1, &arguments)
    }

    private func startUp() {
        Stylesheet.install()
        SimpleAction.add("quit", to: application.raw) { [weak self] in self?.quit() }
        Accelerators.set(["<Control>q"], for: "app.quit", in: application.raw)
        Accelerators.set(["<Control>o"], for: "win.import", in: application.raw)
    }

    private func activate() {
        if let window {
            return window.present()
        }
        do {
            let store = try PhotoStore(directory: libraryDirectory)
            let window = LibraryWindow(application: application, store: store, loader: loader)
            self.window = window
            window.present()
        } catch {
            showFailure(error)
        }
    }

    /// Without its library the app cannot work: say why, in a window and on stderr, and quit when closed.
    private func showFailure(_ error: LibraryError) {
        FileHandle.standardError.write(Data("snapshelf: \(error)\n".utf8))
        let failure = gtk_application_window_new(application.typed())!
        gtk_window_set_title(failure.gCast(), "Snapshelf")
        let message = gtk_label_new("Snapshelf could not open its library.\n\n\(error)")!
        gtk_label_set_wrap(message.gOpaque, 1)
        gtk_label_set_selectable(message.gOpaque, 1)
        gtk_label_set_max_width_chars(message.gOpaque, 60)
        for setMargin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                          gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            setMargin(message, 24)
        }
        gtk_window_set_child(failure.gCast(), message)
        gtk_window_present(failure.gCast())
    }

    private func quit() {
        g_application_quit(application.typed())
    }
}
