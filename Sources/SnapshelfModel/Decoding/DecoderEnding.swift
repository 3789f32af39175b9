// What a decoder's end means for the file it was on: a crash, a hang or a memory hog, told
// apart by how the process ended and by the last words it left on stderr.
import Foundation

enum DecoderEnding {
    /// What GLib, C++, Swift and libc print when an allocation fails.
    private static let memoryWords = ["failed to allocate", "out of memory", "cannot allocate memory", "bad_alloc",
                                      "memory exhausted", "could not allocate"]

    /// A decoder's answer that breaks the rules, from a decoder not to be trusted any more.
    static var unreadableAnswer: DecodingFailure.Reason { .decoderCrashed(.unreadableAnswer) }

    /// How many processes the kernel's OOM killer has ended since boot, which tells its SIGKILL
    /// from a person's; nil where the kernel does not say.
    static func outOfMemoryKills() -> Int? {
        guard let statistics = try? String(contentsOfFile: "/proc/vmstat", encoding: .utf8),
              let line = statistics.split(separator: "\n").first(where: { $0.hasPrefix("oom_kill ") }) else { return nil }
        return Int(line.dropFirst("oom_kill ".count))
    }

    /// - Parameter killsBefore: `outOfMemoryKills()` as the decoder started.
    static func reason(_ end: DecoderProcess.End, errors: [UInt8], limit: Duration, killsBefore: Int?) -> DecodingFailure.Reason {
        let said = String(decoding: errors, as: UTF8.self).lowercased()
        if said.contains("cannot lock down") {
            let line = said.split(separator: "\n").last(where: { $0.contains("cannot lock down") }).map(String.init) ?? said
            return .decoderUnavailable(DecoderText.clean(line))
        }
        switch end {
        case .timedOut, .signalled(SIGXCPU): return .decoderTimedOut(limit)
        // The allow-list's answer to a system call that decoding never makes.
        case .signalled(SIGSYS): return .decoderCrashed(.forbiddenSystemCall)
        // Snapshelf sends it only at the deadline, told above: the OOM killer, or a person, did.
        case .signalled(SIGKILL) where killsBefore != nil && outOfMemoryKills() ?? 0 > killsBefore!: return .decoderOutOfMemory
        case .signalled(SIGKILL): return .decoderKilled
        default: break
        }
        if memoryWords.contains(where: said.contains) { return .decoderOutOfMemory }
        switch end {
        case .signalled(let signal): return .decoderCrashed(.signal(String(cString: strsignal(signal)).lowercased()))
        case .exited(let status): return .decoderCrashed(.exited(status: Int(status)))
        case .garbled, .timedOut: return unreadableAnswer
        }
    }
}
