// GObject properties read and written by name: the on-off flags the glue shows as Swift Bools,
// where one accessor serves every such property instead of a getter and a setter function each,
// and the text properties GTK 4.8 has no setter function for.
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

    /// A text property such as "placeholder-text"; nil when it holds none.
    subscript(text name: String) -> String? {
        get {
            var value = Self.value(of: GType(16 << 2))  // G_TYPE_STRING, a macro Swift cannot see
            defer { g_value_unset(&value) }
            g_object_get_property(typed(), name, &value)
            return g_value_get_string(&value).map { String(cString: $0) }
        }
        set {
            var value = Self.value(of: GType(16 << 2))
            defer { g_value_unset(&value) }
            g_value_set_string(&value, newValue)
            g_object_set_property(typed(), name, &value)
        }
    }

    private static func booleanValue() -> GValue {
        value(of: GType(5 << 2))  // G_TYPE_BOOLEAN, a macro Swift cannot see
    }

    private static func value(of type: GType) -> GValue {
        var value = GValue()
        g_value_init(&value, type)
        return value
    }
}
