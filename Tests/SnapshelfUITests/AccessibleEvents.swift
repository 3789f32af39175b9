// Listens to this process's accessibility events as a screen reader does: a python3 pyatspi
// script, registered with the AT-SPI registry, prints each new description an object is given
// (the object's role and name, whether it has the focus, and the description), which is what
// Orca speaks of the object it has the focus on, while the test spins GTK's main loop, which
// answers the script's questions.
import Foundation
import XCTest

/// An "object:property-change:accessible-description" event, as AT-SPI reported it.
struct DescribedAccessible: Decodable, Equatable {
    let role: String
    let name: String
    let focused: Bool
    let description: String
}

enum AccessibleEvents {
    private static let script = """
        import json, sys
        import pyatspi
        from gi.repository import GLib

        process_id = int(sys.argv[1])

        def heard(role, name="", focused=False, description=""):
            print(json.dumps({"role": role, "name": name, "focused": focused, "description": description}), flush=True)

        def described(event):
            try:
                if event.source.getApplication().get_process_id() != process_id:
                    return
                heard(event.source.getRoleName(), event.source.name or "",
                      event.source.getState().contains(pyatspi.STATE_FOCUSED), event.any_data or "")
            except Exception as error:
                heard("error", str(error))

        pyatspi.Registry.registerEventListener(described, "object:property-change:accessible-description")
        heard("ready")
        GLib.timeout_add_seconds(int(float(sys.argv[2])), lambda: pyatspi.Registry.stop())
        pyatspi.Registry.start()
        """

    /// Starts listening, does `action` once the listener is registered, and returns the
    /// descriptions given until `heard` holds for one of them, or the timeout; a listener that
    /// never got ready throws.
    @MainActor
    static func described(during action: () throws -> Void, until heard: (DescribedAccessible) -> Bool,
                          timeout: TimeInterval = 30) throws -> [DescribedAccessible] {
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
        func events() -> [DescribedAccessible] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONDecoder().decode(DescribedAccessible.self, from: Data($0.utf8))
            }
        }
        guard spin(until: { events().contains { $0.role == "ready" } || !process.isRunning }, timeout: timeout),
              events().contains(where: { $0.role == "ready" }) else {
            throw AccessibleTree.Failure(description: "the accessibility event listener never got ready")
        }
        try action()
        _ = spin(until: { events().contains { $0.role != "ready" && heard($0) } || !process.isRunning }, timeout: timeout)
        return events().filter { $0.role != "ready" }
    }
}
