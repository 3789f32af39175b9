// Gestures' signals emitted as GTK would emit them, since Xvfb has no touchscreen and a test
// cannot press a mouse button on a widget.
import CGtk
import XCTest

extension AppTestCase {
    /// Emits a gesture's signal with numbers as its arguments, after the event sequence for
    /// "begin", which takes one, or the count of presses for a click's "pressed".
    @MainActor
    func emit(_ signal: String, on gesture: OpaquePointer, count: Int32? = nil, numbers: [Double] = [],
              sequence: Bool = false) {
        let type = gType(of: gesture)
        let leading = 1 + (sequence ? 1 : 0) + (count == nil ? 0 : 1)
        var values = [GValue](repeating: GValue(), count: leading + numbers.count)
        g_value_init(&values[0], type)
        g_value_set_object(&values[0], UnsafeMutableRawPointer(gesture))
        if sequence {
            g_value_init(&values[1], gdk_event_sequence_get_type())
        }
        if let count {
            g_value_init(&values[leading - 1], g_type_from_name("gint"))
            g_value_set_int(&values[leading - 1], count)
        }
        for (index, number) in numbers.enumerated() {
            g_value_init(&values[leading + index], g_type_from_name("gdouble"))
            g_value_set_double(&values[leading + index], number)
        }
        let id = g_signal_lookup(signal, type)
        XCTAssertNotEqual(id, 0, "no signal \(signal)")
        g_signal_emitv(&values, id, 0, nil)
        for index in values.indices { g_value_unset(&values[index]) }
    }

    /// What G_TYPE_FROM_INSTANCE, a macro, gives.
    @MainActor
    private func gType(of object: OpaquePointer) -> GType {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
    }
}
