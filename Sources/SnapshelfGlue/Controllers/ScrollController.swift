// GtkEventControllerScroll: the mouse wheel and touchpad scrolling over a widget.
import CGtk

@MainActor
public final class ScrollController: EventController {
    override class var gType: GType { gtk_event_controller_scroll_get_type() }

    public enum Axes: Sendable {
        case vertical, horizontal, both

        var gtk: GtkEventControllerScrollFlags {
            switch self {
            case .vertical: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
            case .horizontal: GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL
            case .both: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
            }
        }
    }

    public init(_ axes: Axes) {
        super.init(adopting: gtk_event_controller_scroll_new(axes.gtk))
    }

    /// Comes with each step of scrolling, by (dx, dy); a handler returning true has used it,
    /// so the widgets below do not scroll too.
    @discardableResult
    public func onScroll(_ handler: @escaping @MainActor (_ dx: Double, _ dy: Double) -> Bool) -> SignalHandle {
        connect("scroll", .answeringPoint, handler)
    }
}
