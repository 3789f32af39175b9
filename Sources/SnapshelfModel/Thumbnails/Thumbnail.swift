// A photo decoded at a small size and turned upright, ready to be shown in a tile or a preview.
// The decoding happens in a sandboxed decoder (see DecoderPool); this holds the pixels it sent.
import CGdkPixbuf
import Foundation

public final class Thumbnail: @unchecked Sendable {
    // Sendable because the pixbuf is never changed after decoding, and GdkPixbuf's reference
    // counting is thread-safe; textures are made from it on the main thread only.
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// The EXIF orientation (1 to 8) applied to the decoded pixels, beyond any turn the decoder made itself.
    public let orientation: Int

    /// Decodes the file scaled on load to fit a square of `size` pixels, so a large JPEG is
    /// never decoded at full size. An image already that small keeps its own size.
    public convenience init(decoding url: URL, fittingIn size: Int) throws(DecodingFailure) {
        let decoded = try DecoderPool.shared.image(of: url, fittingIn: size).thumbnail
        g_object_ref(UnsafeMutableRawPointer(decoded.pixbuf))
        self.init(upright: decoded.pixbuf, orientation: decoded.orientation)
    }

    /// Takes over the reference to an upright pixbuf.
    init(upright: OpaquePointer, orientation: Int) {
        pixbuf = upright
        self.orientation = orientation
        width = Int(gdk_pixbuf_get_width(upright))
        height = Int(gdk_pixbuf_get_height(upright))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The picture turned `degrees` clockwise further, on top of its EXIF orientation, as a
    /// photo's rotation asks; itself when that is no turn.
    public func rotated(by degrees: Int) -> Thumbnail {
        let turn = (degrees % 360 + 360) % 360
        // GdkPixbuf counts its angles counterclockwise.
        guard turn % 90 == 0, turn != 0,
              let turned = gdk_pixbuf_rotate_simple(pixbuf, GdkPixbufRotation(rawValue: UInt32(360 - turn))) else { return self }
        return Thumbnail(upright: turned, orientation: orientation)
    }

    /// Whether the orientation turns the picture a quarter, which swaps its displayed width and height.
    public var isQuarterTurned: Bool { orientation >= 5 }
}
