// GtkEventControllerMotion, for what the pointer does over a widget or anything inside it: it
// comes in and goes out.
import CGtk

@MainActor
public final class HoverController: EventController {
    override class var gType: GType { gtk_event_controller_motion_get_type() }

    public init() {
        super.init(adopting: gtk_event_controller_motion_new())
    }

    /// Comes when the pointer moves onto the widget or into one of its children from outside.
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("enter", .point) { _, _ in handler() }
    }

    /// Comes when the pointer leaves the widget and everything inside it.
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("leave", .plain, handler)
    }
}
