// GtkGestureDrag: a press that moves, with the mouse or a finger, such as dragging to pan.
import CGtk

@MainActor
public final class GestureDrag: EventController {
    override class var gType: GType { gtk_gesture_drag_get_type() }

    public init() {
        super.init(adopting: gtk_gesture_drag_new())
    }

    /// Comes when the drag starts, at (x, y) in the widget's coordinates.
    @discardableResult
    public func onDragBegin(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalHandle {
        connect("drag-begin", .point, handler)
    }

    /// Comes as the drag moves, with how far it is from where it started.
    @discardableResult
    public func onDragUpdate(_ handler: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Void) -> SignalHandle {
        connect("drag-update", .point, handler)
    }
}
