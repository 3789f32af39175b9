// GtkGestureClick: presses of one mouse button on a widget, such as the right-click that opens
// a context menu.
import CGtk

@MainActor
public final class GestureClick: EventController {
    override class var gType: GType { gtk_gesture_click_get_type() }

    public enum Button: Sendable {
        case primary, middle, secondary, any

        var gtk: guint {
            switch self {
            case .primary: guint(GDK_BUTTON_PRIMARY)
            case .middle: guint(GDK_BUTTON_MIDDLE)
            case .secondary: guint(GDK_BUTTON_SECONDARY)
            case .any: 0
            }
        }
    }

    public init(button: Button = .primary) {
        super.init(adopting: gtk_gesture_click_new()!)
        gtk_gesture_single_set_button(opaque, button.gtk)
    }

    /// Comes on each press: `count` is 2 for the second press of a double-click; the point is in
    /// the widget's coordinates.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void) -> SignalHandle {
        connect("pressed", .countedPoint) { count, x, y in handler(Int(count), x, y) }
    }
}
