// GFile and the lists of them that choosers and drops give, as local URLs.
import CGtk
import Foundation

public enum LocalFile {
    /// The local path of a GFile; nil for a remote location, which cannot be imported.
    static func url(of file: OpaquePointer) -> URL? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }

    /// The local files of a GListModel of GFiles, which a chooser returns; the model is released.
    static func urls(ofListTakingOwnership files: OpaquePointer?) -> [URL] {
        guard let files else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            return url(of: OpaquePointer(file))
        }
    }

    /// The local files of a GSList of GFiles, which a drop gives; the list is GTK's.
    static func urls(ofFileList list: UnsafeMutablePointer<GSList>?) -> [URL] {
        sequence(first: list) { $0?.pointee.next }.compactMap { node in
            node?.pointee.data.flatMap { url(of: OpaquePointer($0)) }
        }
    }
}
