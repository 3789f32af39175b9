// Snapshelf's programs besides `snapshelf`, which it starts: the sandboxed decoder, and the window,
// kept apart so that a command loads none of GTK's seventy-odd libraries.
import Foundation

public enum CompanionProgram: String, Sendable {
    case decoder = "snapshelf-decoder"
    case window = "snapshelf-window"

    /// Beside this program in a build, as the tests and the benchmark's probe are too, or in
    /// libexec beside bin once installed; nil when neither place has it.
    public var path: String? {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [folder, folder.deletingLastPathComponent().appendingPathComponent("libexec")]
            .map { $0.appendingPathComponent(rawValue).path }.first { access($0, X_OK) == 0 }
    }
}
