// How the window's header names a library other than the person's own: its folder, with the home
// folder written as ~, so that two windows of two libraries can be told apart. The person's own
// library, which Snapshelf opens when told none, goes unnamed, as it always has.
import Foundation
import SnapshelfModel

enum LibraryName {
    /// The folder as a person reads it, such as "~/Pictures/Trip"; nil for the default library.
    static func of(_ directory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard LibraryLocation.instanceName(of: directory, environment: environment) != nil else { return nil }
        let path = DisplayName.of(FileName(url: directory))
        let home = DisplayName.of(FileName(url: URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)))
        // A home of "/" would turn every path into one under ~.
        guard home != "/" else { return path }
        if path == home { return "~" }
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
