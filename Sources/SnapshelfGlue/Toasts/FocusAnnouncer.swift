// Says a line to a screen reader through the widget that has the keyboard focus, as a toast must
// be said when it comes. GTK 4.8 has no announcements (gtk_accessible_announce came in 4.14) and
// tells AT-SPI of a new widget, such as a toast, only once a screen reader has asked for it, so
// nothing is heard when a toast is added. What Orca does speak at once is a new description of the
// object it has the focus on: the line is lent to the focused widget as its description, and the
// widget's own (its tooltip, or none) comes back when the focus moves on or the line is withdrawn.
import CGtk
import CSnapshelfShim

@MainActor
final class FocusAnnouncer {
    /// The widget the line is lent to, and the handler that gives it back when the focus moves.
    private var lentTo: (widget: Widget, focusMoved: SignalHandle)?
    /// The line said last, so that a toast mended again without a change is not said twice.
    private(set) var line: String?

    /// Says `line` through the focus of `widget`'s window, or through the window when nothing on
    /// screen has the focus (a screen reader is then on the window); a line already said stays
    /// unsaid.
    func announce(_ line: String, within widget: Widget) {
        guard line != self.line, let root = gtk_widget_get_root(widget.widget) else { return }
        withdraw()
        self.line = line
        let window = Widget(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
        let focus = widget.focusedWidgetInWindow.flatMap { $0.isMapped ? $0 : nil } ?? window
        snapshelf_accessible_set_description(focus.widget, line)
        let focusMoved = window.connect("notify::focus-widget", .pointer) { [weak self] _ in
            self?.giveBack()
        }
        lentTo = (focus, focusMoved)
    }

    /// Gives the focused widget its own description back and forgets the line, so that the same
    /// line in a later toast is said again.
    func withdraw() {
        giveBack()
        line = nil
    }

    private func giveBack() {
        guard let (widget, focusMoved) = lentTo else { return }
        lentTo = nil
        focusMoved.disconnect()
        if let tooltip = widget.tooltipText {
            snapshelf_accessible_set_description(widget.widget, tooltip)
        } else {
            gtk_accessible_reset_property(OpaquePointer(widget.widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        }
    }
}
