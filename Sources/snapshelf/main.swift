// The snapshelf executable: parse the command line, then start the GUI or run a command.
import Foundation
import SnapshelfCommandLine
import SnapshelfModel
import SnapshelfUI

let runner = CommandRunner()
do {
    switch try Invocation.parse(Array(CommandLine.arguments.dropFirst())) {
    case .startGUI(let library):
        let directory = LibraryLocation.resolve(explicit: library, environment: ProcessInfo.processInfo.environment)
        exit(SnapshelfApplication(libraryDirectory: directory).run())
    case let invocation:
        exit(runner.run(invocation).rawValue)
    }
} catch {
    exit(runner.reportUsage(error).rawValue)
}
