// The image formats the installed GdkPixbuf loaders read, looked up by a file's content type, and
// those of them Snapshelf offers to open, in the file chooser and the desktop file alike.
import CGdkPixbuf
import Foundation

public enum PixbufFormats {
    public struct Format: Sendable {
        /// GdkPixbuf's name for it, such as "jpeg" or "heif/avif".
        public let name: String
        public let mimeTypes: [String]
        /// The extensions its files take, the usual one first.
        let extensions: [String]
        var `extension`: String { extensions.first ?? "image" }
    }

    /// Formats that are not photos, which the file chooser and the desktop file do not offer:
    /// drawings (SVG, which has no pixel size of its own), and icons and cursors (Windows', macOS's
    /// and X11's). A file of one can still be imported when given, as every file can be tried.
    static let notPhotos: Set<String> = ["svg", "ico", "icns", "ani", "xbm", "xpm"]

    /// The formats offered to open, each with only its image types (the WebP loader claims
    /// "audio/x-riff" too, the ICO loader "text/ico").
    public static let offered: [Format] = formats.filter { !notPhotos.contains($0.name) }.map { format in
        Format(name: format.name, mimeTypes: format.mimeTypes.filter { $0.hasPrefix("image/") }, extensions: format.extensions)
    }

    /// Every image type offered, once each, in the loaders' order.
    public static var offeredMIMETypes: [String] {
        var seen: Set<String> = []
        return offered.flatMap(\.mimeTypes).filter { seen.insert($0).inserted }
    }

    /// The extensions the library's copies take, one for each format: its usual one.
    static var copyExtensions: [String] {
        Array(Set(formats.map(\.extension))).sorted()
    }

    /// Every format with a loader, read once: loaders do not change while Snapshelf runs.
    private static let formats: [Format] = {
        var formats: [Format] = []
        var node = gdk_pixbuf_get_formats()
        defer { g_slist_free(node) }
        while let current = node {
            let format = OpaquePointer(current.pointee.data)
            if gdk_pixbuf_format_is_disabled(format) == 0 {
                let name = gdk_pixbuf_format_get_name(format)
                defer { g_free(name) }
                formats.append(Format(name: name.map { String(cString: $0) } ?? "",
                                      mimeTypes: strings(gdk_pixbuf_format_get_mime_types(format)),
                                      extensions: strings(gdk_pixbuf_format_get_extensions(format))))
            }
            node = current.pointee.next
        }
        return formats
    }()

    /// The first format whose loader reads the type.
    static func format(forMIMEType mimeType: String) -> Format? {
        formats.first { $0.mimeTypes.contains(mimeType) }
    }

    /// The format GdkPixbuf names so, as a decoder names the format it decoded.
    static func format(named name: String) -> Format? {
        formats.first { $0.name == name }
    }

    /// The content type from the file's first bytes; only when they are unclear does the name
    /// count, so a text file named "photo.jpg" is still known for text.
    package static func mimeType(of bytes: UnsafeRawBufferPointer, named name: String) -> String {
        let sniffed = UnsafeRawBufferPointer(rebasing: bytes.prefix(4096))
        return guess(sniffed, name: nil) ?? guess(sniffed, name: name) ?? "application/octet-stream"
    }

    /// The content type the name alone suggests, nil when it leaves it unclear: how files found in
    /// a folder are told apart without reading them, which only a sandboxed decoder does.
    static func mimeType(named name: String) -> String? {
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, nil, 0, &uncertain) else { return nil }
        defer { g_free(type) }
        guard uncertain == 0, let mime = g_content_type_get_mime_type(type) else { return nil }
        defer { g_free(mime) }
        return String(cString: mime)
    }

    /// The MIME type GIO guesses, or nil when it is unsure.
    private static func guess(_ bytes: UnsafeRawBufferPointer, name: String?) -> String? {
        var uncertain: gboolean = 0
        guard let type = g_content_type_guess(name, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count),
                                              &uncertain) else { return nil }
        defer { g_free(type) }
        guard uncertain == 0 || name != nil, let mime = g_content_type_get_mime_type(type) else { return nil }
        defer { g_free(mime) }
        return String(cString: mime)
    }

    /// A NULL-terminated array of C strings as Swift strings; frees the array.
    private static func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        var result: [String] = []
        var index = 0
        while let string = array[index] {
            result.append(String(cString: string))
            index += 1
        }
        return result
    }
}
