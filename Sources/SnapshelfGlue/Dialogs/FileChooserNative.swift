// GtkFileChooserNative: the desktop's own file or folder chooser (the portal's, or GTK's dialog
// without one). GTK keeps no reference to it while it is open: its owner holds it until it answers.
import CGtk
import Foundation

@MainActor
public final class FileChooserNative: GObjectRef {
    override class var gType: GType { gtk_file_chooser_native_get_type() }

    public enum Action: Sendable {
        /// Chooses existing files.
        case open
        /// Chooses folders.
        case selectFolder

        var gtk: GtkFileChooserAction {
            self == .open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        }
    }

    /// - Parameters:
    ///   - acceptLabel: the button that chooses, with its mnemonic, such as "_Import".
    ///   - cancelLabel: the button that cancels, with its mnemonic.
    ///   - selectsMultiple: whether several files or folders may be chosen at once.
    ///   - createsFolders: whether a folder chooser offers to make a new folder, as GTK does by default.
    public init(title: String, parent: Window, action: Action, acceptLabel: String, cancelLabel: String,
                selectsMultiple: Bool = false, createsFolders: Bool = true) {
        super.init(adopting: UnsafeMutablePointer<GObject>(
            gtk_file_chooser_native_new(title, parent.window, action.gtk, acceptLabel, cancelLabel)))
        gtk_file_chooser_set_select_multiple(opaque, selectsMultiple.gboolean)
        gtk_file_chooser_set_create_folders(opaque, createsFolders.gboolean)
    }

    /// Adds a choice to the list of filters; the first added is the one in use.
    public func addFilter(_ filter: FileFilter) {
        gtk_file_chooser_add_filter(opaque, filter.opaque)
    }

    /// The folder the chooser shows first, rather than its recent files; nil leaves it to GTK.
    public var currentFolder: URL? {
        get { gtk_file_chooser_get_current_folder(opaque).flatMap { folder in
            defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
            return LocalFile.url(of: folder)
        } }
        set {
            guard let newValue, let path = LocalFile.path(of: newValue) else { return }
            defer { g_free(path) }
            let folder = g_file_new_for_path(path)
            defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
            // A folder that went meanwhile leaves GTK's choice; nothing to tell the person.
            gtk_file_chooser_set_current_folder(opaque, folder, nil)
        }
    }

    /// The chosen file or folder, once the chooser accepted; nil when nothing is chosen.
    public var file: LocalFile.Location? {
        gtk_file_chooser_get_file(opaque).map(LocalFile.location(takingOwnershipOf:))
    }

    /// The chosen files or folders on this computer, once the chooser accepted.
    public var files: [URL] {
        LocalFile.urls(ofListTakingOwnership: gtk_file_chooser_get_files(opaque))
    }

    public func show() {
        gtk_native_dialog_show(typed())
    }

    /// Comes once, when the person chooses (true) or cancels or closes the chooser (false).
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (_ accepted: Bool) -> Void) -> SignalHandle {
        connect("response", .integer) { response in handler(response == GTK_RESPONSE_ACCEPT.rawValue) }
    }
}
