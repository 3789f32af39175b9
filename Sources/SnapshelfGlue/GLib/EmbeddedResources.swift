// The files of Resources/, compiled into the binary as a GResource (see Plugins/).
import CGtk

public enum EmbeddedResources {
    /// Where the files are in the resource tree; GtkApplication looks there for
    /// gtk/help-overlay.ui and icons/ once it is the application's resource base path.
    public static let basePath = "/io/github/snapshelf/Snapshelf"

    /// Makes the files readable through resource:// paths; call once, before any is used.
    public static func register() {
        let resource = gresourceBundle.withUnsafeBytes { bytes -> OpaquePointer? in
            let data = g_bytes_new(bytes.baseAddress, gsize(bytes.count))
            defer { g_bytes_unref(data) }
            return g_resource_new_from_data(data, nil)
        }
        guard let resource else { preconditionFailure("the compiled-in GResource bundle is damaged") }
        g_resources_register(resource)
        g_resource_unref(resource)
    }

    /// The text of one of the files, such as "style.css".
    public static func text(of name: String) -> String? {
        guard let bytes = g_resources_lookup_data(basePath + "/" + name, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else {
            return nil
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: Int(size)), as: UTF8.self)
    }
}
