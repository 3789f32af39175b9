// The commands, which `snapshelf` becomes unless its command line is plainly the window's
// (LaunchRoute): parse the command line, then run a command or hand over to the window.
import Foundation
import SnapshelfCommandLine
import SnapshelfModel

// Past a file-size limit, writes then fail with EFBIG and are reported like a full disk,
// instead of the signal ending the process halfway.
signal(SIGXFSZ, SIG_IGN)
// Usage errors are translated too, so the language is set before the command line is read.
Localization.setUp()

let runner = CommandRunner()
do {
    switch try Invocation.parseProcessArguments() {
    case .startGUI:
        exit(WindowHandover.replaceThisProcess().rawValue)
    case let invocation:
        // A command's stderr holds one line per problem; GLib's warnings would break that.
        GLibLog.route(showingWarnings: false)
        exit(runner.run(invocation).rawValue)
    }
} catch {
    exit(runner.reportUsage(error).rawValue)
}
