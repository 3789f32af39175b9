// Runs snapshelf as its own process and reads how much memory it took at its peak: VmHWM, the
// kernel's high-water mark, read from /proc every few milliseconds while it runs. (wait4's
// ru_maxrss would do, but it keeps the test process's own size from before the exec.)
import Foundation

struct MeasuredRun {
    let status: Int32
    let standardOutput: String
    let standardError: String
    /// The peak resident memory, in bytes.
    let peakBytes: Int

    static func run(_ arguments: [String], in folder: URL) throws -> MeasuredRun {
        let output = folder.appendingPathComponent("measured.out").path
        let errors = folder.appendingPathComponent("measured.err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([SnapshelfProcess.executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, SnapshelfProcess.executable.path, &actions, nil, argv, envp)
        precondition(spawned == 0, "posix_spawn failed: \(spawned)")

        var peak = 0
        var status: Int32 = 0
        while true {
            peak = max(peak, highWaterMark(of: pid))
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(2_000)
        }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return MeasuredRun(status: exitStatus,
                           standardOutput: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
                           standardError: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
                           peakBytes: peak)
    }

    /// VmHWM from /proc/PID/status, in bytes; 0 once the process is gone.
    private static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
