// GtkGestureZoom: two fingers pinching or spreading on a touchscreen or touchpad.
import CGtk

@MainActor
public final class GestureZoom: EventController {
    override class var gType: GType { gtk_gesture_zoom_get_type() }

    public init() {
        super.init(adopting: gtk_gesture_zoom_new())
    }

    /// Comes when the fingers first touch, before any scale change.
    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("begin", .pointer) { _ in handler() }
    }

    /// Comes as the fingers move, with the distance between them over what it was at the start.
    @discardableResult
    public func onScaleChanged(_ handler: @escaping @MainActor (_ scale: Double) -> Void) -> SignalHandle {
        connect("scale-changed", .number, handler)
    }
}
