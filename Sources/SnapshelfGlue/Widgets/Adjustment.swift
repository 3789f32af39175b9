// GtkAdjustment: where a scrolled pane is scrolled to, and the bounds it scrolls within.
import CGtk

@MainActor
public final class Adjustment: GObjectRef {
    override class var gType: GType { gtk_adjustment_get_type() }

    convenience init(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        self.init(UnsafeMutablePointer<GObject>(OpaquePointer(adjustment)))
    }

    public var value: Double {
        get { gtk_adjustment_get_value(typed()) }
        set { gtk_adjustment_set_value(typed(), newValue) }
    }

    /// Comes when the value changes: the view was scrolled.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("value-changed", .plain, handler)
    }

    /// Comes when the bounds change: the content grew or shrank.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("changed", .plain, handler)
    }
}
