// Reads this process's accessible tree as a screen reader does: over AT-SPI, from another process.
// GTK answers AT-SPI on its main loop, so the test spins the loop while a python3 pyatspi script
// walks the tree and prints it as JSON. Under `dbus-run-session` GTK finds the accessibility bus
// through org.a11y.Bus, which the session bus starts from at-spi2-core's service file.
import Foundation
import XCTest

/// One object of the accessible tree, as AT-SPI reports it.
struct AccessibleNode: Decodable, Equatable {
    /// AT-SPI's role name, such as "push button", "table" or "table cell".
    let role: String
    /// What a screen reader says for it; GTK 4.8 gives an unnamed object its GTK type's name.
    let name: String
    let focusable: Bool
    let children: [AccessibleNode]

    /// This node and everything below it, depth first.
    var subtree: [AccessibleNode] { [self] + children.flatMap(\.subtree) }

    /// Whether the name is a GTK type's, such as "GtkListItemWidget": what GTK says for an object
    /// nothing named.
    var isNamedAfterAGtkType: Bool { name.range(of: "^Gtk[A-Z][A-Za-z]*$", options: .regularExpression) != nil }
}

enum AccessibleTree {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The system's python3, whose pyatspi comes from Debian's python3-pyatspi; another python3
    /// first on the PATH may lack the gi module it needs.
    private static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// Finds the application by its process ID (waiting for it to register, as GTK does shortly
    /// after its first window) and prints its windows. Object states: GTK 4.8 has no "showing".
    private static let script = """
        import json, sys, time
        import pyatspi

        def node(accessible):
            children = []
            for index in range(accessible.childCount):
                child = accessible.getChildAtIndex(index)
                if child is not None:
                    children.append(node(child))
            return {"role": accessible.getRoleName(), "name": accessible.name or "",
                    "focusable": accessible.getState().contains(pyatspi.STATE_FOCUSABLE), "children": children}

        process_id = int(sys.argv[1])
        deadline = time.monotonic() + float(sys.argv[2])
        while True:
            desktop = pyatspi.Registry.getDesktop(0)
            apps = [app for app in desktop if app is not None and app.get_process_id() == process_id]
            if apps or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        if not apps:
            sys.exit("no application of process %d on the accessibility bus" % process_id)
        print(json.dumps([node(window) for app in apps for window in app]))
        """

    /// The windows of the application with this process ID, this test process by default, with
    /// everything inside them.
    @MainActor
    static func read(processID: Int32 = ProcessInfo.processInfo.processIdentifier,
                     timeout: TimeInterval = 30) throws -> [AccessibleNode] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("accessible-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files rather than pipes: a large tree would fill a pipe's buffer while nobody reads it.
        let output = scratch.appendingPathComponent("out.json")
        let errors = scratch.appendingPathComponent("err.txt")
        for file in [output, errors] {
            try Data().write(to: file)
        }

        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, String(processID), String(timeout / 2)]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // The script's every question is answered here, by GTK on this main loop.
        guard spin(until: { !process.isRunning }, timeout: timeout) else {
            process.terminate()
            throw Failure(description: "reading the accessible tree took over \(timeout) s")
        }
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "reading the accessible tree failed (\(process.terminationStatus)): \(message)")
        }
        return try JSONDecoder().decode([AccessibleNode].self, from: Data(contentsOf: output))
    }
}
