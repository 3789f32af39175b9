// Where actions live: an application ("app."), a window ("win.") or a group a widget inserts
// under a prefix of its own, such as the label dialog's "dialog.".
import CGtk

@MainActor
public protocol ActionMap: GObjectRef {}

extension ActionMap {
    /// Adds the action; a map holds its own reference, so the caller may let go of it.
    @discardableResult
    public func add(_ action: Action) -> Action {
        g_action_map_add_action(opaque, action.opaque)
        return action
    }

    /// Adds a plain action running `handler`, and returns it so its enabled state can change.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name)
        action.onActivate(handler)
        return add(action)
    }

    /// The action of that name, enabled or not, activated as a menu item would.
    public func activateAction(_ name: String, with target: String? = nil) {
        g_action_group_activate_action(opaque, name, target.map { g_variant_new_string($0) })
    }

    public func isActionEnabled(_ name: String) -> Bool {
        g_action_group_get_action_enabled(opaque, name) != 0
    }
}
