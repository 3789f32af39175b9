// Where the desktop's help viewer finds Snapshelf's manual: installed in a data folder as
// help/<language>/snapshelf, or, for a build run from its source tree (`make run`), which
// installs nothing, the Mallard pages in the tree's help/C, which Yelp reads as a ghelp: folder.
import Foundation

public enum ManualLocation {
    /// The installed manual's URI, which the viewer looks up in the data folders.
    public static let installed = "help:snapshelf"

    /// `installed` where a data folder holds the manual; else the pages of the source tree the
    /// executable was built in; else `installed`, which the viewer then says it cannot find.
    public static func uri(environment: [String: String] = ProcessInfo.processInfo.environment,
                           executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()) -> String {
        let manager = FileManager.default
        if dataFolders(environment).contains(where: { manager.fileExists(atPath: $0 + "/help/C/snapshelf/index.page") }) {
            return installed
        }
        // SwiftPM builds in <tree>/.build/<triple>/<configuration>/: the tree is a few folders up.
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            let pages = folder.appendingPathComponent("help/C")
            if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: pages.appendingPathComponent("index.page").path) {
                return "ghelp:" + pages.path
            }
        }
        return installed
    }

    /// The XDG data folders, the person's first, with the specification's defaults.
    private static func dataFolders(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return [home] + system.split(separator: ":").map(String.init)
    }
}
