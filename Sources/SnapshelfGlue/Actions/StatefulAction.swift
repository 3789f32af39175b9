// GActions with a string state, for a choice among several such as the sort order: menus show
// them as radio items, and activating one with a target changes the state.
import CGtk

@MainActor
public enum StatefulAction {
    /// Adds the action to the map; `changed` is called with each new state the person picks.
    @discardableResult
    public static func add(_ name: String, to actionMap: UnsafeMutableRawPointer, state: String,
                           _ changed: @escaping @MainActor (String) -> Void) -> GObjectRef {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = GObjectRef(adopting: g_simple_action_new_stateful(name, type, g_variant_new_string(state)))
        action.connect("activate") { (parameter: UnsafeMutableRawPointer?) in
            guard let parameter else { return }
            let value = OpaquePointer(parameter)
            g_simple_action_set_state(action.opaque, value)
            changed(String(cString: g_variant_get_string(value, nil)))
        }
        g_action_map_add_action(OpaquePointer(actionMap), action.opaque)
        return action
    }
}
