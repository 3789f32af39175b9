// GtkFileFilter: one choice in a file chooser's list of which files it shows.
import CGtk

@MainActor
public final class FileFilter: GObjectRef {
    /// - Parameter name: what the chooser's list calls the filter, such as "Photos".
    public init(name: String) {
        super.init(adopting: UnsafeMutablePointer<GObject>(gtk_file_filter_new()))
        gtk_file_filter_set_name(opaque, name)
    }

    /// Shows the files of every image type GdkPixbuf has a loader for.
    public func addPixbufFormats() {
        gtk_file_filter_add_pixbuf_formats(opaque)
    }

    /// Shows the files whose names match a glob, such as "*".
    public func addPattern(_ pattern: String) {
        gtk_file_filter_add_pattern(opaque, pattern)
    }
}
