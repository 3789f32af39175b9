// GtkSignalListItemFactory: how a list or grid view fills its recycled slots. Setup builds a
// slot's child once; bind shows a row in it and unbind undoes exactly that; teardown comes when
// GTK drops the slot.
import CGtk

@MainActor
public final class SignalListItemFactory: GObjectRef {
    override class var gType: GType { gtk_signal_list_item_factory_get_type() }

    public typealias Handler = @MainActor (ListItem) -> Void

    public init() {
        super.init(adopting: UnsafeMutablePointer<GObject>(gtk_signal_list_item_factory_new()!))
    }

    @discardableResult public func onSetup(_ handler: @escaping Handler) -> SignalHandle { connectItem("setup", handler) }

    @discardableResult public func onBind(_ handler: @escaping Handler) -> SignalHandle { connectItem("bind", handler) }

    @discardableResult public func onUnbind(_ handler: @escaping Handler) -> SignalHandle { connectItem("unbind", handler) }

    @discardableResult public func onTeardown(_ handler: @escaping Handler) -> SignalHandle {
        connectItem("teardown", handler)
    }

    private func connectItem(_ signal: String, _ handler: @escaping Handler) -> SignalHandle {
        connect(signal, .pointer) { item in
            guard let item else { return }
            handler(ListItem(item))
        }
    }
}
