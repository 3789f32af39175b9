// GtkRevealer: a child that slides in and out of view. Once slid out, the child is hidden: GTK
// 4.8 only gives it no room, which leaves its buttons in the accessible tree and in reach of the
// focus, such as the Cancel of an import long over or the Undo of a notice gone.
import CGtk

@MainActor
public final class Revealer: Widget {
    override class var gType: GType { gtk_revealer_get_type() }

    public enum Transition: Sendable {
        case slideDown, slideUp

        var gtk: GtkRevealerTransitionType {
            self == .slideDown ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN : GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        }
    }

    private var child: Widget?
    private var sliding: SignalHandle?

    public convenience init(_ transition: Transition) {
        self.init(gtk_revealer_new())
        gtk_revealer_set_transition_type(opaque, transition.gtk)
        sliding = connect("notify::child-revealed", .pointer) { [weak self] _ in self?.hideSlidOutChild() }
    }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_revealer_set_child(opaque, child.widget)
        child.isVisible = revealsChild
    }

    public var revealsChild: Bool {
        get { flag(gtk_revealer_get_reveal_child) }
        set {
            if newValue { child?.isVisible = true }
            setFlag(gtk_revealer_set_reveal_child, newValue)
            hideSlidOutChild()
        }
    }

    /// Hides the child once it has slid out, and not before, so it still shows as it goes.
    private func hideSlidOutChild() {
        if !revealsChild && !flag(gtk_revealer_get_child_revealed) { child?.isVisible = false }
    }
}
