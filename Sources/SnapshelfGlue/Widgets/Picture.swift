// GtkPicture: a texture or icon, fitted inside the space the picture is given.
import CGtk

@MainActor
public final class Picture: Widget {
    override class var gType: GType { gtk_picture_get_type() }

    public convenience init() {
        self.init(gtk_picture_new())
        // Fitted whole and allowed to shrink: every picture of the app shows a photo that way.
        gtk_picture_set_content_fit(opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(opaque, 1)
    }

    /// Whether a paintable smaller than the picture is blown up to fill it; off, a small photo
    /// keeps its own size rather than turning blurred.
    public var scalesUp = true {
        didSet { gtk_picture_set_content_fit(opaque, scalesUp ? GTK_CONTENT_FIT_CONTAIN : GTK_CONTENT_FIT_SCALE_DOWN) }
    }

    /// What the picture shows; nil for nothing.
    public var paintable: Paintable? {
        didSet { gtk_picture_set_paintable(opaque, paintable?.opaque) }
    }
}
