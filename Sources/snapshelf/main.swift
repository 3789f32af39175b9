// The snapshelf executable: parse the command line, then start the GUI or run a command.
import Foundation
import SnapshelfCommandLine
import SnapshelfModel
import SnapshelfUI

// Past a file-size limit, writes then fail with EFBIG and are reported like a full disk,
// instead of the signal ending the process halfway.
signal(SIGXFSZ, SIG_IGN)
// Usage errors are translated too, so the language is set before the command line is read.
Localization.setUp()

let runner = CommandRunner()
do {
    switch try Invocation.parseProcessArguments() {
    case .startGUI(let library, let files):
        GLibLog.route(showingWarnings: true)
        let environment = ProcessInfo.processInfo.environment
        let directory = LibraryLocation.resolve(explicit: library, environment: environment)
        // Each library opens once per session: a second launch on it hands its files to its window.
        let id = LibraryLocation.instanceName(of: directory, environment: environment)
            .map { "\(SnapshelfApplication.id).\($0)" } ?? SnapshelfApplication.id
        let application = SnapshelfApplication(libraryDirectory: directory, id: id, unique: true)
        exit(application.run(opening: files.map(\.url)))
    case let invocation:
        // A command's stderr holds one line per problem; GLib's warnings would break that.
        GLibLog.route(showingWarnings: false)
        exit(runner.run(invocation).rawValue)
    }
} catch {
    exit(runner.reportUsage(error).rawValue)
}
