// Emits a signal on a wrapped object as GTK would, with its arguments, so a test sees what a
// handler connected through the glue receives and what its answer does.
import CGtk
@testable import SnapshelfGlue

@MainActor
enum SignalEmitter {
    enum Argument {
        case int(Int32), unsigned(UInt32), double(Double)
    }

    /// Emits a signal whose handlers return nothing.
    static func emit(_ name: String, on object: GObjectRef, _ arguments: [Argument] = []) {
        withValues(object, arguments) { values in
            g_signal_emitv(values, signalID(name, on: object), 0, nil)
        }
    }

    /// Emits a signal whose handlers answer true or false, such as "scroll", and returns the answer.
    static func ask(_ name: String, on object: GObjectRef, _ arguments: [Argument] = []) -> Bool {
        var answer = GValue()
        g_value_init(&answer, g_type_from_name("gboolean"))
        defer { g_value_unset(&answer) }
        withValues(object, arguments) { values in
            g_signal_emitv(values, signalID(name, on: object), 0, &answer)
        }
        return g_value_get_boolean(&answer) != 0
    }

    private static func type(of object: GObjectRef) -> GType {
        g_type_from_name(g_type_name_from_instance(object.typed()))
    }

    private static func signalID(_ name: String, on object: GObjectRef) -> guint {
        let id = g_signal_lookup(name, type(of: object))
        precondition(id != 0, "no signal \(name) on \(String(cString: g_type_name(type(of: object))))")
        return id
    }

    /// The instance and the arguments as the GValues g_signal_emitv takes, for the length of `body`.
    private static func withValues(_ object: GObjectRef, _ arguments: [Argument], _ body: ([GValue]) -> Void) {
        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        g_value_init(&values[0], type(of: object))
        g_value_set_object(&values[0], object.raw)
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case .int(let value):
                g_value_init(&values[index + 1], g_type_from_name("gint"))
                g_value_set_int(&values[index + 1], value)
            case .unsigned(let value):
                g_value_init(&values[index + 1], g_type_from_name("guint"))
                g_value_set_uint(&values[index + 1], value)
            case .double(let value):
                g_value_init(&values[index + 1], g_type_from_name("gdouble"))
                g_value_set_double(&values[index + 1], value)
            }
        }
        body(values)
        for index in values.indices {
            g_value_unset(&values[index])
        }
    }
}
