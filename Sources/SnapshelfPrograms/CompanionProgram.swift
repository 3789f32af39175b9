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
    /// libexec beside bin once installed; nil when neither place has it.
    public var path: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        let folder = String(executable[..<slash])
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        return ["\(folder)/\(rawValue)", "\(parent)/libexec/\(rawValue)"].first { access($0, X_OK) == 0 }
    }
}
