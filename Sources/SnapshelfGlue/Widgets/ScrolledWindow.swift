// GtkScrolledWindow: a pane that scrolls its child, with an Adjustment for each direction.
import CGtk

@MainActor
public final class ScrolledWindow: Widget {
    override class var gType: GType { gtk_scrolled_window_get_type() }

    public enum Policy: Sendable {
        case never, automatic

        var gtk: GtkPolicyType { self == .never ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC }
    }

    public convenience init() {
        self.init(gtk_scrolled_window_new())
        Self.hideScrollBars(of: self)
    }

    /// Never focused, and named only "GtkScrollbar" by GTK 4.8: the scroll pane itself is what
    /// screen readers scroll. For a pane a libadwaita widget made too.
    static func hideScrollBars(of pane: ScrolledWindow) {
        for scrollbar in [gtk_scrolled_window_get_hscrollbar(pane.opaque), gtk_scrolled_window_get_vscrollbar(pane.opaque)] {
            Widget.wrapping(scrollbar)?.hideFromScreenReaders()
        }
    }

    public func setChild(_ child: Widget) { gtk_scrolled_window_set_child(opaque, child.widget) }

    /// When each scroll bar shows: `.never` also means the content is never scrolled that way.
    public func setPolicy(horizontal: Policy, vertical: Policy) {
        gtk_scrolled_window_set_policy(opaque, horizontal.gtk, vertical.gtk)
    }

    /// Grows with its content, as wide as the content would like and up to `height` points tall,
    /// then scrolls: for a short list that must not push the rest of the window away. Without the
    /// content's natural width, wrapped text would be laid out at its narrowest, and cut off.
    public func growWithContent(upTo height: Int) {
        gtk_scrolled_window_set_propagate_natural_width(opaque, true.gboolean)
        gtk_scrolled_window_set_propagate_natural_height(opaque, true.gboolean)
        gtk_scrolled_window_set_max_content_height(opaque, gint(height))
    }

    public var horizontalAdjustment: Adjustment { Adjustment(gtk_scrolled_window_get_hadjustment(opaque)) }
    public var verticalAdjustment: Adjustment { Adjustment(gtk_scrolled_window_get_vadjustment(opaque)) }
}
