// A process as /proc shows it, for the tests that look for the decoders a program started: its
// state, parent, session and terminal from /proc/PID/stat, and its command line and environment.
// The state and the rest come after the name in parentheses, which may itself hold spaces.
import Foundation

public struct ProcessEntry {
    public let pid: pid_t
    /// "R", "S", "Z" for a zombie, and so on.
    public let state: Substring
    public let parent: pid_t
    public let session: pid_t
    /// The controlling terminal's device number, 0 where it has none.
    public let terminal: Int

    /// Nil once the process is reaped, or where /proc cannot be read.
    public init?(_ pid: pid_t) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return nil }
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 4, let parent = pid_t(fields[1]), let session = pid_t(fields[3]), let terminal = Int(fields[4]) else {
            return nil
        }
        (self.pid, state, self.parent, self.session, self.terminal) = (pid, fields[0], parent, session, terminal)
    }

    /// The living children of the process: no zombie among them.
    public static func children(of parent: pid_t) -> [ProcessEntry] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0).flatMap(ProcessEntry.init) }.filter { $0.parent == parent && $0.state != "Z" }
    }

    /// Its arguments, each ended by NUL.
    public var commandLine: String { read("cmdline") }

    /// Its environment, "NAME=value" each ended by NUL; empty where it may not be read.
    public var environment: String { read("environ") }

    private func read(_ file: String) -> String {
        FileManager.default.contents(atPath: "/proc/\(pid)/\(file)").map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
