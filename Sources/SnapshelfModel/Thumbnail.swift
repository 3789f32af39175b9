// A photo decoded at a small size and turned upright, ready to be shown in a tile or a preview.
import CGdkPixbuf
import Foundation

public final class Thumbnail: @unchecked Sendable {
    // Sendable because the pixbuf is never changed after decoding, and GdkPixbuf's reference
    // counting is thread-safe; textures are made from it on the main thread only.
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// The EXIF orientation (1 to 8) the file declared, already applied to the pixels.
    public let orientation: Int

    /// Decodes the file scaled on load to fit a square of `size` pixels, so a large JPEG is
    /// never decoded at full size.
    public init(decoding url: URL, fittingIn size: Int) throws(ImportError) {
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = gdk_pixbuf_new_from_file_at_scale(url.path, Int32(size), Int32(size), 1, &error) else {
            let detail = error.map { String(cString: $0.pointee.message) } ?? "GdkPixbuf gave no reason"
            g_error_free(error)
            throw ImportError(path: url.path, reason: .undecodable(detail))
        }
        let declared = gdk_pixbuf_get_option(decoded, "orientation").flatMap { Int(String(cString: $0)) }
        orientation = (1...8).contains(declared ?? 1) ? declared ?? 1 : 1
        let upright = gdk_pixbuf_apply_embedded_orientation(decoded) ?? decoded
        if upright != decoded {
            g_object_unref(UnsafeMutableRawPointer(decoded))
        }
        pixbuf = upright
        width = Int(gdk_pixbuf_get_width(upright))
        height = Int(gdk_pixbuf_get_height(upright))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// Whether the orientation turns the picture a quarter, which swaps its displayed width and height.
    public var isQuarterTurned: Bool { orientation >= 5 }
}
