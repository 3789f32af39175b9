// GtkDropTarget for files: what a file manager drops on a widget, as local URLs, and whether
// files hover over it meanwhile.
import CGtk
import Foundation

@MainActor
public final class DropTarget: EventController {
    override class var gType: GType { gtk_drop_target_get_type() }

    public init() {
        super.init(adopting: gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY))
    }

    /// Comes when files dragged start to hover over the widget, and when they leave or drop.
    @discardableResult
    public func onHoverChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandle {
        // The target, not this wrapper, which the window's controller outlives: GTK disconnects
        // the handler as the target goes.
        let target = opaque
        return connect("notify::current-drop", .pointer) { _ in
            handler(gtk_drop_target_get_current_drop(target) != nil)
        }
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
