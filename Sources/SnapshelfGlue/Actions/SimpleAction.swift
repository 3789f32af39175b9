// Stateless GActions backed by Swift closures, added to an application, a window or an action group.
import CGtk

@MainActor
public enum SimpleAction {
    /// Adds an action named `name` to the action map and returns it, so its enabled state can change.
    @discardableResult
    public static func add(_ name: String, to actionMap: UnsafeMutableRawPointer,
                           _ handler: @escaping @MainActor () -> Void) -> GObjectRef {
        let action = GObjectRef(adopting: g_simple_action_new(name, nil))
        action.connect("activate") { (_: UnsafeMutableRawPointer?) in handler() }
        g_action_map_add_action(OpaquePointer(actionMap), action.opaque)
        return action
    }

    public static func setEnabled(_ action: GObjectRef, _ enabled: Bool) {
        g_simple_action_set_enabled(action.opaque, enabled ? 1 : 0)
    }
}
