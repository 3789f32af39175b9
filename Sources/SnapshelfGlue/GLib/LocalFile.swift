// GFile and the lists of them that choosers and drops give, as local URLs. A path is bytes that
// need not be UTF-8; Foundation would make such bytes U+FFFD, so their URL is GLib's URI, whose
// percent-encoding keeps them, and the model's `FileName` reads them back from it.
import CGtk
import Foundation

public enum LocalFile {
    /// Where a chosen file is: on this computer, or somewhere only GIO reaches, such as a network
    /// share, which Snapshelf cannot read or write as a file.
    public enum Location: Equatable, Sendable {
        case local(URL)
        case remote
    }

    /// The local path of a GFile; nil for a remote location, which cannot be imported.
    static func url(of file: OpaquePointer) -> URL? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        if let text = String(validatingCString: path) {
            return URL(fileURLWithPath: text)
        }
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return URL(string: String(cString: uri))
    }

    /// The path of a local file URL as the bytes the system takes, whatever they are.
    static func path(of url: URL) -> UnsafeMutablePointer<CChar>? {
        g_filename_from_uri(url.absoluteURL.absoluteString, nil, nil)
    }

    /// Where a GFile a call handed over is; the file is released.
    static func location(takingOwnershipOf file: OpaquePointer) -> Location {
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return url(of: file).map(Location.local) ?? .remote
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
    /// Public only until the window's drop target is glue of its own.
    static func urls(ofFileList list: UnsafeMutablePointer<GSList>?) -> [URL] {
        guard let list else { return [] }
        return sequence(first: list) { $0.pointee.next }.compactMap { node in
            node.pointee.data.flatMap { url(of: OpaquePointer($0)) }
        }
    }
}
