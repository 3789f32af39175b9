// GtkEventController: what turns input on a widget into signals. The gestures and the drop
// target are its subclasses; a widget takes one with `addController`.
import CGtk

@MainActor
public class EventController: GObjectRef {
    override class var gType: GType { gtk_event_controller_get_type() }

    public enum Phase: Sendable {
        /// Before the widget under the pointer or the focus sees the event.
        case capture
        /// After the widget under the pointer or the focus had its turn: GTK's default.
        case bubble
    }

    init(adopting pointer: OpaquePointer) {
        super.init(adopting: UnsafeMutablePointer<GObject>(pointer))
    }

    public var phase: Phase {
        get { gtk_event_controller_get_propagation_phase(opaque) == GTK_PHASE_CAPTURE ? .capture : .bubble }
        set { gtk_event_controller_set_propagation_phase(opaque, newValue == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE) }
    }

    /// Whether Ctrl was held during the event being handled now.
    public var isControlHeld: Bool {
        gtk_event_controller_get_current_event_state(opaque).rawValue & GDK_CONTROL_MASK.rawValue != 0
    }
}
