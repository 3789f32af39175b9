// Images the tests make themselves: sizes and defects the shared samples do not have.
import CGdkPixbuf
import Foundation

enum GeneratedImages {
    /// A JPEG of the given size, filled with a gradient so it compresses like a photo would not.
    static func jpeg(width: Int, height: Int, quality: Int = 40) -> Data {
        saved(width: width, height: height, type: "jpeg", options: [("quality", "\(quality)")])
    }

    static func png(width: Int, height: Int) -> Data {
        saved(width: width, height: height, type: "png", alpha: true, colour: 0xCC88_44FF)
    }

    /// An image of one colour, saved by GdkPixbuf in one of the formats it writes.
    static func saved(width: Int, height: Int, type: String, options: [(String, String)] = [], alpha: Bool = false,
                      colour: UInt32 = 0x3366_99FF) -> Data {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(width), Int32(height))!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, colour)
        return save(pixbuf, type: type, options: options)
    }

    private static func save(_ pixbuf: OpaquePointer, type: String, options: [(String, String)]) -> Data {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys = options.map { strdup($0.0) } + [nil]
        var values = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        precondition(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, nil) != 0)
        defer { g_free(buffer) }
        return Data(bytes: buffer!, count: Int(size))
    }
}
