// Moves a file to the desktop Trash, where the person can still get it back.
import CGdkPixbuf
import Foundation

enum Trash {
    struct Failure: Error {
        /// Why, as GIO says it; nil when it gave no reason.
        let reason: String?
    }

    static func move(_ url: URL) throws(Failure) {
        try move(FileName(url: url))
    }

    /// The path byte for byte, since the Trash keeps a file under the name it has.
    static func move(_ path: FileName) throws(Failure) {
        let file = path.withCString { g_file_new_for_path($0) }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard g_file_trash(file, nil, &error) == 0 else { return }
        defer { g_error_free(error) }
        throw Failure(reason: error.map { String(cString: $0.pointee.message) })
    }
}
