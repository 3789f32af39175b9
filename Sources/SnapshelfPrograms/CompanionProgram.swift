// Snapshelf's programs besides `snapshelf`, which it becomes or starts: the commands and the
// window, kept apart so that a command loads none of GTK's seventy-odd libraries, and the
// sandboxed decoder. Found without Foundation, since `snapshelf` itself links none.
#if canImport(Glibc)
import Glibc
#endif

public enum CompanionProgram: String, Sendable {
    case commands = "snapshelf-commands"
    case decoder = "snapshelf-decoder"
    case window = "snapshelf-window"

    /// Beside this program in a build, as the tests and the benchmark's probe are too, or in
    /// libexec beside bin once installed; nil when neither place has it, or when this program's
    /// file was replaced while it ran (an upgrade), whose new programs it may not speak with.
    public var path: String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { readlink("/proc/self/exe", $0, bytes.count - 1) }
        }
        let deleted = Array(" (deleted)".utf8)
        guard length > 0, !buffer[..<length].reversed().starts(with: deleted.reversed()),
              let slash = buffer[..<length].lastIndex(of: UInt8(ascii: "/")) else { return nil }
        // Slashes found among bytes, not characters, which a combining mark may join; a path that
        // is no UTF-8 cannot be given back as a String, and is not repaired into another one.
        let folder = Array(buffer[..<slash])
        let parent = folder.lastIndex(of: UInt8(ascii: "/")).map { Array(folder[..<$0]) } ?? []
        let candidates = [folder + Array("/\(rawValue)".utf8), parent + Array("/libexec/\(rawValue)".utf8)]
        return candidates.lazy.compactMap { String(validating: $0, as: UTF8.self) }.first { access($0, X_OK) == 0 }
    }
}
