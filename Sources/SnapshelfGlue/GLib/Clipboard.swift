// GdkClipboard: what Ctrl+V in another app pastes.
import CGtk

@MainActor
public final class Clipboard: GObjectRef {
    override class var gType: GType { gdk_clipboard_get_type() }

    convenience init(_ clipboard: OpaquePointer) {
        self.init(UnsafeMutablePointer<GObject>(clipboard))
    }

    public func set(_ texture: Texture) {
        gdk_clipboard_set_texture(opaque, texture.opaque)
    }
}
