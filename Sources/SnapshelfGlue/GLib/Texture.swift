// GdkTexture: a decoded image's pixels, uploaded once for a Picture to show.
import CGtk

@MainActor
public final class Texture: Paintable {
    override class var gType: GType { gdk_texture_get_type() }

    /// The pixels of a decoded image, uploaded once and shared by every picture showing them.
    /// `pixbuf` must be a GdkPixbuf: anything else stops the app before GDK could misread it.
    public init(pixbuf: OpaquePointer) {
        if let mismatch = Self.mismatch(pixbuf: UnsafeMutableRawPointer(pixbuf)) {
            preconditionFailure(mismatch)
        }
        super.init(adopting: UnsafeMutablePointer<GObject>(gdk_texture_new_for_pixbuf(pixbuf)))
    }

    /// Why `pointer` cannot be made a texture, naming its type; nil when it is a GdkPixbuf.
    static func mismatch(pixbuf pointer: UnsafeMutableRawPointer) -> String? {
        mismatch(of: pointer, with: gdk_pixbuf_get_type(), for: "Texture(pixbuf:)")
    }

    public var width: Int { Int(gdk_texture_get_width(opaque)) }
    public var height: Int { Int(gdk_texture_get_height(opaque)) }
}
