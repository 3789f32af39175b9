// Listens to this process's accessibility events as a screen reader does: a python3 pyatspi
// script, registered with the AT-SPI registry, prints each object added to the tree (its role
// and name) while the test spins GTK's main loop, which answers the script's questions.
import Foundation
import XCTest

/// An object an "object:children-changed:add" event said was added, as AT-SPI reported it.
struct AddedAccessible: Decodable, Equatable {
    let role: String
    let name: String
}

enum AccessibleEvents {
    private static let script = """
        import json, sys
        import pyatspi
        from gi.repository import GLib

        process_id = int(sys.argv[1])

        def added(event):
            try:
                if event.source.getApplication().get_process_id() != process_id or event.any_data is None:
                    return
                print(json.dumps({"role": event.any_data.getRoleName(), "name": event.any_data.name or ""}), flush=True)
            except Exception as error:
                print(json.dumps({"role": "error", "name": str(error)}), flush=True)

        pyatspi.Registry.registerEventListener(added, "object:children-changed:add")
        print(json.dumps({"role": "ready", "name": ""}), flush=True)
        GLib.timeout_add_seconds(int(float(sys.argv[2])), lambda: pyatspi.Registry.stop())
        pyatspi.Registry.start()
        """

    /// Starts listening, does `action` once the listener is registered, and returns the objects
    /// added until `heard` holds for one of them, or the timeout; a listener that never got
    /// ready throws.
    @MainActor
    static func added(during action: () throws -> Void, until heard: (AddedAccessible) -> Bool,
                      timeout: TimeInterval = 30) throws -> [AddedAccessible] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("accessible-events-\(UUID().uuidString)")
        try Data().write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, String(ProcessInfo.processInfo.processIdentifier), String(timeout)]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func events() -> [AddedAccessible] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONDecoder().decode(AddedAccessible.self, from: Data($0.utf8))
            }
        }
        guard spin(until: { events().contains { $0.role == "ready" } || !process.isRunning }, timeout: timeout),
              events().contains(where: { $0.role == "ready" }) else {
            throw AccessibleTree.Failure(description: "the accessibility event listener never got ready")
        }
        try action()
        _ = spin(until: { events().contains(where: heard) || !process.isRunning }, timeout: timeout)
        return events().filter { $0.role != "ready" }
    }
}
