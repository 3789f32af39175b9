// Where the library lives: `--library DIR` first, then $SNAPSHELF_LIBRARY, then $XDG_DATA_HOME/snapshelf.
import Foundation

public enum LibraryLocation {
    /// Whether neither `--library` nor SNAPSHELF_LIBRARY chose the library, so it is the person's own.
    public static func isDefault(explicit: String?, environment: [String: String]) -> Bool {
        (explicit ?? "").isEmpty && (environment["SNAPSHELF_LIBRARY"] ?? "").isEmpty
    }

    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty {
            return absoluteURL(explicit, environment: environment)
        }
        if let fromEnvironment = environment["SNAPSHELF_LIBRARY"], !fromEnvironment.isEmpty {
            return absoluteURL(fromEnvironment, environment: environment)
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome).appendingPathComponent("snapshelf", isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/snapshelf", isDirectory: true)
    }

    private static func absoluteURL(_ path: String, environment: [String: String]) -> URL {
        let expanded = path == "~" || path.hasPrefix("~/")
            ? (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
            : path
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
}
