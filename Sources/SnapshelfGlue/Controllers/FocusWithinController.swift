// GtkEventControllerFocus, for the keyboard focus coming into a widget or anything inside it, and
// leaving it.
import CGtk

@MainActor
public final class FocusWithinController: EventController {
    override class var gType: GType { gtk_event_controller_focus_get_type() }

    public init() {
        super.init(adopting: gtk_event_controller_focus_new())
    }

    /// Comes when the focus moves to the widget or one of its children from outside.
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("enter", .plain, handler)
    }

    /// Comes when the focus leaves the widget and everything inside it.
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("leave", .plain, handler)
    }
}
