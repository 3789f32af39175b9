// Calls on the D-Bus session bus without blocking the main loop, for services such as the file
// manager's org.freedesktop.FileManager1.
import CGtk

@MainActor
public enum SessionBus {
    /// Calls a method whose arguments are a list of strings and a string, as ShowItems takes, and
    /// reports on the main thread whether it succeeded.
    public static func call(_ destination: String, path: String, interface: String, method: String,
                            strings: [String], string: String, completion: @escaping @MainActor (Bool) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return completion(false) }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var list: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        var arguments: [OpaquePointer?] = list.withUnsafeMutableBufferPointer { buffer in
            [g_variant_new_strv(buffer.baseAddress, gssize(strings.count)), g_variant_new_string(string)]
        }
        list.removeAll()
        let parameters = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        typealias Body = @MainActor (Bool) -> Void
        let finished: GAsyncReadyCallback = { source, result, data in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply) }
            if let error { g_error_free(error) }
            let box = ClosureBox<Body>.take(data)
            let succeeded = reply != nil
            MainActor.assumeIsolated { box.body(succeeded) }
        }
        g_dbus_connection_call(bus, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                               5000, nil, finished, ClosureBox<Body>(completion).retainedPointer())
    }
}
