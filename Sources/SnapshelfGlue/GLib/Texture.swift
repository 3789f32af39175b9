// GdkTexture: a decoded image's pixels, uploaded once for a Picture to show.
import CGtk

@MainActor
public final class Texture: Paintable {
    override class var gType: GType { gdk_texture_get_type() }

    /// The pixels of a decoded image, uploaded once and shared by every picture showing them.
    public init(pixbuf: OpaquePointer) {
        super.init(adopting: UnsafeMutablePointer<GObject>(gdk_texture_new_for_pixbuf(pixbuf)))
    }

    public var width: Int { Int(gdk_texture_get_width(opaque)) }
    public var height: Int { Int(gdk_texture_get_height(opaque)) }
}
