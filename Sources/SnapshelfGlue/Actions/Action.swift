// GSimpleAction: a named command that menus, buttons and shortcuts activate, enabled only when
// it can act. A stateful action holds a string, such as the sort order, which menus show as
// radio items.
import CGtk

@MainActor
public final class Action: GObjectRef {
    override class var gType: GType { g_simple_action_get_type() }

    public let name: String

    public init(_ name: String) {
        self.name = name
        super.init(adopting: UnsafeMutablePointer<GObject>(g_simple_action_new(name, nil)))
    }

    /// An action whose state is a string, which activating it with a string changes.
    public init(_ name: String, state: String) {
        self.name = name
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(adopting: UnsafeMutablePointer<GObject>(g_simple_action_new_stateful(name, type, g_variant_new_string(state))))
    }

    /// An action that is on or off, such as whether the search is open; a toggle button naming it
    /// looks pressed while it is on.
    public init(_ name: String, isOn: Bool) {
        self.name = name
        super.init(adopting: UnsafeMutablePointer<GObject>(
            g_simple_action_new_stateful(name, nil, g_variant_new_boolean(isOn.gboolean))))
    }

    /// The state of an on-off action.
    public var isOn: Bool {
        get {
            guard let state = g_action_get_state(opaque) else { return false }
            defer { g_variant_unref(state) }
            return g_variant_get_boolean(state) != 0
        }
        set { g_simple_action_set_state(opaque, g_variant_new_boolean(newValue.gboolean)) }
    }

    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue.gboolean) }
    }

    /// The state of a stateful action; nil for a plain one.
    public var state: String? {
        guard let state = g_action_get_state(opaque) else { return nil }
        defer { g_variant_unref(state) }
        return String(cString: g_variant_get_string(state, nil))
    }

    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandle {
        connect("activate", .pointer) { _ in handler() }
    }

    /// For a stateful action: takes the string it was activated with as its state, then hands it
    /// to the handler. The action reaches itself through the signal, not a capture, so it is
    /// never kept alive by its own handler.
    @discardableResult
    public func onStateChange(_ handler: @escaping @MainActor (String) -> Void) -> SignalHandle {
        connect("activate", .instanceAndPointer) { action, parameter in
            guard let action, let parameter else { return }
            g_simple_action_set_state(action, parameter)
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
    }

    /// Activates the action as a menu item or shortcut would, with a string for a stateful one.
    public func activate(with target: String? = nil) {
        g_action_activate(opaque, target.map { g_variant_new_string($0) })
    }
}
