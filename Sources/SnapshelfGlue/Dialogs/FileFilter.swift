// GtkFileFilter: one choice in a file chooser's list of which files it shows.
import CGtk

@MainActor
public final class FileFilter: GObjectRef {
    override class var gType: GType { gtk_file_filter_get_type() }

    /// - Parameter name: what the chooser's list calls the filter, such as "Photos".
    public init(name: String) {
        super.init(adopting: UnsafeMutablePointer<GObject>(gtk_file_filter_new()))
        gtk_file_filter_set_name(opaque, name)
    }

    /// Shows the files of a content type, such as "image/heic".
    public func addMIMEType(_ type: String) {
        gtk_file_filter_add_mime_type(opaque, type)
    }

    /// Shows the files whose names match a glob, such as "*".
    public func addPattern(_ pattern: String) {
        gtk_file_filter_add_pattern(opaque, pattern)
    }
}
