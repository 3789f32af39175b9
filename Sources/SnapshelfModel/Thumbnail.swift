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
    public convenience init(decoding url: URL, fittingIn size: Int) throws(ImportError) {
        var error: UnsafeMutablePointer<GError>?
        let decoded = url.withUnsafeFileSystemRepresentation { path in
            gdk_pixbuf_new_from_file_at_scale(path, Int32(size), Int32(size), 1, &error)
        }
        try self.init(decoded: decoded, error: error, path: url.path)
    }

    /// Decodes a file's bytes already in memory, scaled on load like `init(decoding:fittingIn:)`.
    convenience init(decoding bytes: UnsafeRawBufferPointer, fittingIn size: Int, path: String) throws(ImportError) {
        var error: UnsafeMutablePointer<GError>?
        // The stream borrows the bytes, which outlive it: decoding finishes inside this call.
        let stream = g_memory_input_stream_new_from_data(bytes.baseAddress, gssize(bytes.count), nil)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let decoded = gdk_pixbuf_new_from_stream_at_scale(stream, Int32(size), Int32(size), 1, nil, &error)
        try self.init(decoded: decoded, error: error, path: path)
    }

    private init(decoded: OpaquePointer?, error: UnsafeMutablePointer<GError>?, path: String) throws(ImportError) {
        guard let decoded else {
            let detail = error.map { String(cString: $0.pointee.message) } ?? "GdkPixbuf gave no reason"
            if let error { g_error_free(error) }
            throw ImportError(path: path, reason: .undecodable(detail))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let declared = gdk_pixbuf_get_option(decoded, "orientation").flatMap { Int(String(cString: $0)) }
        orientation = (1...8).contains(declared ?? 1) ? declared ?? 1 : 1
        // A new reference always, even when no turn was needed and it is the same pixbuf.
        pixbuf = gdk_pixbuf_apply_embedded_orientation(decoded)
        let upright = pixbuf
        width = Int(gdk_pixbuf_get_width(upright))
        height = Int(gdk_pixbuf_get_height(upright))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// Whether the orientation turns the picture a quarter, which swaps its displayed width and height.
    public var isQuarterTurned: Bool { orientation >= 5 }
}
