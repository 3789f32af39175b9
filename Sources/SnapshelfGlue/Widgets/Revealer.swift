// GtkRevealer: a child that slides in and out of view.
import CGtk

@MainActor
public final class Revealer: Widget {
    public enum Transition: Sendable {
        case slideDown, slideUp

        var gtk: GtkRevealerTransitionType {
            self == .slideDown ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN : GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        }
    }

    public init(_ transition: Transition) {
        super.init(gtk_revealer_new())
        gtk_revealer_set_transition_type(opaque, transition.gtk)
    }

    public func setChild(_ child: Widget) { gtk_revealer_set_child(opaque, child.widget) }

    public var revealsChild: Bool { get { self[flag: "reveal-child"] } set { self[flag: "reveal-child"] = newValue } }
}
