// Where the library lives: `--library DIR` first, then $SNAPSHELF_LIBRARY, then $XDG_DATA_HOME/snapshelf.
import Foundation

public enum LibraryLocation {
    /// What a library adds to the application's ID, so that each library runs as one instance,
    /// which a second launch on it hands its files to, while two libraries stay two windows; nil
    /// for the person's own library, which keeps the ID the desktop knows. The same folder reached
    /// through another path or a link gives the same name.
    public static func instanceName(of directory: URL, environment: [String: String]) -> String? {
        var ownEnvironment = environment
        ownEnvironment.removeValue(forKey: "SNAPSHELF_LIBRARY")
        let path = directory.resolvingSymlinksInPath().path
        guard path != resolve(explicit: nil, environment: ownEnvironment).resolvingSymlinksInPath().path else { return nil }
        // FNV-1a, which unlike Hasher gives the same number in every process.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "Library" + String(hash, radix: 16)
    }

    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty {
            return absoluteURL(explicit, environment: environment)
        }
        if let fromEnvironment = environment["SNAPSHELF_LIBRARY"], !fromEnvironment.isEmpty {
            return absoluteURL(fromEnvironment, environment: environment)
        }
        return dataHome(environment: environment).appendingPathComponent("snapshelf", isDirectory: true)
    }

    /// This user's data folder: $XDG_DATA_HOME, else ~/.local/share.
    static func dataHome(environment: [String: String]) -> URL {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share", isDirectory: true)
    }

    /// This user's cache folder: $XDG_CACHE_HOME, else ~/.cache.
    static func cacheHome(environment: [String: String]) -> URL {
        // As for XDG_DATA_HOME, a relative XDG_CACHE_HOME is invalid and ignored.
        if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
            return URL(fileURLWithPath: cacheHome, isDirectory: true)
        }
        return URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache", isDirectory: true)
    }

    private static func absoluteURL(_ path: String, environment: [String: String]) -> URL {
        let expanded = path == "~" || path.hasPrefix("~/")
            ? (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
            : path
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }
}
