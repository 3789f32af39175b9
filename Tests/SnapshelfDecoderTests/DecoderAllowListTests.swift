// The decoder's seccomp allow-list, read back from the filter itself: every call it lets through
// is on the list with who needs it, the calls a hostile loader was caught using are not among
// them, and nothing else gets through (issue 19).
import CLinux
import Foundation
@testable import SnapshelfDecoder
import XCTest

final class DecoderAllowListTests: XCTestCase {
    /// What the issue's hostile loader did, and what a decoder must never do: none may be allowed.
    private static let forbidden = [
        "rt_sigqueueinfo", "rt_tgsigqueueinfo", "kill", "tkill", "pidfd_open", "pidfd_send_signal", "pidfd_getfd",
        "setpriority", "msgget", "msgsnd", "shmget", "shmat", "mq_open", "mq_timedsend", "flock", "socket", "connect",
        "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev", "fchmod", "fchmodat",
        "chmod", "setxattr", "fsetxattr", "unlink", "rename", "mkdir", "memfd_create", "io_uring_setup", "unshare",
        "setns", "mount", "keyctl", "bpf", "perf_event_open", "userfaultfd", "setsid", "setrlimit", "seccomp",
    ]

    func testEveryAllowedCallSaysWhoNeedsIt() {
        var listing: [String] = []
        for call in DecoderAllowList.calls {
            // A reason names a loader, a library or a part of Snapshelf, and what for: a few words at least.
            XCTAssertGreaterThanOrEqual(call.neededBy.split(separator: " ").count, 3, "\(call.name) does not say who needs it")
            listing.append("\(call.name)\(call.rules.isEmpty ? "" : " (filtered)"): \(call.neededBy)")
        }
        for probe in DecoderAllowList.probes {
            XCTAssertGreaterThanOrEqual(probe.neededBy.split(separator: " ").count, 3, "\(probe.name) does not say who needs it")
            listing.append("\(probe.name) → \(String(cString: strerror(probe.error))): \(probe.neededBy)")
        }
        // The list, for the test's log and for anyone reviewing a change to it.
        print(listing.joined(separator: "\n"))
        let names = DecoderAllowList.calls.map(\.name) + DecoderAllowList.probes.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "a call is listed twice")
    }

    func testTheFilterLetsThroughExactlyTheListAndKillsForAnythingElse() throws {
        let exported = try Self.exportedFilter()
        XCTAssertTrue(exported.contains("action KILL_PROCESS;"), "the default is not to kill the process:\n\(exported)")
        let allowed = Set(Self.calls(in: exported, taking: "ALLOW"))
        XCTAssertEqual(allowed, Set(DecoderAllowList.calls.map(\.name)))
        let answered = Set(Self.calls(in: exported, taking: "ERRNO"))
        XCTAssertEqual(answered, Set(DecoderAllowList.probes.map(\.name)))
        for call in Self.forbidden {
            XCTAssertFalse(allowed.contains(call) || answered.contains(call), "\(call) is let through")
        }
    }

    func testCallsWithADangerousModeAreAllowedOnlyInTheirHarmlessOnes() throws {
        let rules = Dictionary(uniqueKeysWithValues: DecoderAllowList.calls.map { ($0.name, $0.rules) })
        for call in ["fcntl", "mmap", "mprotect", "prctl", "clone", "tgkill", "prlimit64", "madvise", "rt_sigaction"] {
            XCTAssertFalse(rules[call]?.isEmpty ?? true, "\(call) is allowed whatever its arguments")
        }
        let exported = try Self.exportedFilter()
        // PROT_EXEC in mmap's and mprotect's protection, and O_ASYNC and O_DIRECT in fcntl's flags.
        XCTAssertTrue(exported.contains("$a2.lo32 & 0x00000004 == 0"), exported)
        XCTAssertTrue(exported.contains("$a2.lo32 & 0x00006000 == 0"), exported)
        // CLONE_THREAD required, every CLONE_NEW* flag refused.
        XCTAssertTrue(exported.contains("$a0.lo32 & 0x7e030000 == 65536"), exported)
    }

    /// The filter as libseccomp writes it in its pseudo filter code.
    private static func exportedFilter() throws -> String {
        let filter = try DecoderAllowList.make()
        defer { seccomp_release(filter) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("filter-\(UUID().uuidString).pfc")
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer {
            close(descriptor)
            unlink(file.path)
        }
        XCTAssertEqual(seccomp_export_pfc(filter, descriptor), 0)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The calls whose rules end in the action: "# filter for syscall "name" (N) …" heads each.
    private static func calls(in exported: String, taking action: String) -> [String] {
        var current: String?
        var found: [String] = []
        for line in exported.split(separator: "\n") {
            if let start = line.range(of: "syscall \""), let end = line[start.upperBound...].firstIndex(of: "\"") {
                current = String(line[start.upperBound..<end])
            } else if let call = current, line.contains("action \(action)"), found.last != call {
                found.append(call)
            }
        }
        return found
    }
}
