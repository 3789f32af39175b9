// Sidecars a hostile or broken peer sends through Syncthing with numbers no Snapshelf writes, in
// each numeric field: the largest and smallest 64-bit integers, negative ones and ones beyond 64
// bits. No command traps on them: `list` and `check` run, and a sidecar that cannot be taken in
// is named, while the other photos go on as they were.
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileSidecarTests: CommandLineTestCase {
    /// The sidecars of a library of two photos that Syncthing shares, in the order of `copies()`.
    private func sharedLibraryOfTwo() throws -> [URL] {
        try snapshelf("import", "--label", "first", SamplePhotos.cameras[0].path)
        try snapshelf("import", "--label", "second", SamplePhotos.cameras[1].path)
        try FileManager.default.createDirectory(at: libraryURL.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        return try copies().map { $0.appendingPathExtension("xmp") }
    }

    /// Gives a sidecar's attribute a value, adding it where the sidecar has none, and brings the
    /// file into place as Syncthing does: written under another name, then renamed.
    private func set(_ attribute: String, to value: String, in sidecar: URL) throws {
        var text = try String(contentsOf: sidecar, encoding: .utf8)
        let pattern = "snapshelf:\(attribute)=\"[^\"]*\""
        if text.range(of: pattern, options: .regularExpression) != nil {
            text = text.replacingOccurrences(of: pattern, with: "snapshelf:\(attribute)=\"\(value)\"", options: .regularExpression)
        } else {
            text = text.replacingOccurrences(of: "snapshelf:PhotoID=", with: "snapshelf:\(attribute)=\"\(value)\"\n   snapshelf:PhotoID=")
        }
        let temporary = sidecar.deletingLastPathComponent().appendingPathComponent(".syncthing.\(sidecar.lastPathComponent).tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, sidecar.path), 0)
    }

    private func attribute(_ attribute: String, of sidecar: URL) throws -> String {
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: "snapshelf:\(attribute)=\"[^\"]*\"", options: .regularExpression), "no \(attribute)")
        return String(text[range].dropFirst("snapshelf:\(attribute)=\"".count).dropLast())
    }

    /// Runs a command that must end, whether or not it succeeds, rather than trap.
    @discardableResult
    private func survives(_ arguments: [String], _ context: String, line: UInt = #line) throws -> SnapshelfProcess.Outcome {
        let outcome = try SnapshelfProcess.run(["--library", library] + arguments)
        XCTAssertTrue([0, 1].contains(outcome.status), "\(context): \(arguments) ended with \(outcome.status): \(outcome.standardError)",
                      line: line)
        XCTAssertFalse(outcome.standardError.contains("Fatal error"), "\(context): \(outcome.standardError)", line: line)
        return outcome
    }

    /// A peer's turn count of Int.max for this computer made the next turn here overflow, and
    /// then every command trapped on the sidecar that stayed due.
    func testATurnCountAtIntMaxForThisComputerStopsNoTurnAndNoCommand() throws {
        let sidecar = try sharedLibraryOfTwo()[0]
        let machine = try attribute("Machine", of: sidecar)
        let id = try attribute("PhotoID", of: sidecar)
        try set("Rotation", to: "90", in: sidecar)
        try set("Turns", to: "\(machine):\(Int.max):90", in: sidecar)
        try snapshelf("list")
        try snapshelf("rotate", id, "--by", "90")
        for command in [["list"], ["check"]] {
            try snapshelf(command)
        }
        XCTAssertEqual(try attribute("Rotation", of: sidecar), "180", "the turn made here was not kept")
        try assertSound()
    }

    func testNoNumberInAnyFieldOfAPeersSidecarStopsACommand() throws {
        let sidecars = try sharedLibraryOfTwo()
        let pristine = try Data(contentsOf: sidecars[0])
        let machine = try attribute("Machine", of: sidecars[0])
        let numbers = [String(Int.max), String(Int.min), "-1", "99999999999999999999999999", "-99999999999999999999999999"]
        // The fields whose value is refused when it is out of range, so that the sidecar is named.
        let refused: Set = ["PhotoID", "Width", "Height", "Added", "Taken"]
        for field in ["PhotoID", "Width", "Height", "Rotation", "Added", "Taken", "LabelChanged"] {
            for number in numbers {
                let context = "\(field)=\(number)"
                // Each number comes to a photo the library last read as the previous round left it.
                try pristine.write(to: sidecars[0])
                try set(field, to: number, in: sidecars[0])
                let listed = try survives(["list"], context)
                if refused.contains(field) && field != "PhotoID" {
                    XCTAssertTrue(listed.standardError.contains(sidecars[0].path), "\(context): \(listed.standardError)")
                }
                try survives(["check"], context)
                try survives(["rotate", "1", "2", "--by", "90"], context)
                XCTAssertTrue(try survives(["list", "--json"], context).standardOutput.contains("\"second\""), "\(context): the other photo went")
            }
        }
        // Turns and history in every shape a number can break: each computer's count, and dates.
        let bookkeeping = [("Turns", "\(machine):\(Int.max):90"), ("Turns", "\(machine):-1:90"), ("Turns", "\(machine):\(Int.min):90"),
                           ("Turns", "\(machine):99999999999999999999999:90 base:\(Int.max):270"),
                           ("History", "\(Int.max) \(machine) old"), ("History", "99999-01-01T00:00:00.000Z - old")]
        for (field, value) in bookkeeping {
            let context = "\(field)=\(value)"
            try pristine.write(to: sidecars[0])
            try snapshelf("list")
            try set(field, to: value, in: sidecars[0])
            try survives(["list"], context)
            try survives(["rotate", "1", "2", "--by", "90"], context)
            try survives(["label", "1", "relabelled"], context)
            try survives(["check"], context)
        }
        try survives(["rebuild"], "rebuild")
        try survives(["check"], "check after the rebuild")
    }
}
