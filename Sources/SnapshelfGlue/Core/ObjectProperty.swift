// GObject properties read and written by name, for the on-off flags the glue shows as Swift
// Bools: one accessor serves every such property instead of a getter and a setter function each.
import CGtk

extension GObjectRef {
    /// A boolean property such as "visible" or "wrap".
    subscript(flag name: String) -> Bool {
        get {
            var value = Self.booleanValue()
            defer { g_value_unset(&value) }
            g_object_get_property(typed(), name, &value)
            return g_value_get_boolean(&value) != 0
        }
        set {
            var value = Self.booleanValue()
            defer { g_value_unset(&value) }
            g_value_set_boolean(&value, newValue.gboolean)
            g_object_set_property(typed(), name, &value)
        }
    }

    private static func booleanValue() -> GValue {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN, a macro Swift cannot see
        return value
    }
}
