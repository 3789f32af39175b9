// GtkDropTarget for files: what a file manager drops on a widget, as local URLs.
import CGtk
import Foundation

@MainActor
public final class DropTarget: EventController {
    override class var gType: GType { gtk_drop_target_get_type() }

    public init() {
        super.init(adopting: gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY))
    }

    /// The handler gets the local files dropped and answers whether it took them.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor ([URL]) -> Bool) -> SignalHandle {
        connect("drop", .valueAtPoint) { value, _, _ in
            guard let value, let list = g_value_get_boxed(value) else { return false }
            let files = gdk_file_list_get_files(OpaquePointer(list))
            defer { g_slist_free(files) }
            return handler(LocalFile.urls(ofFileList: files))
        }
    }
}
