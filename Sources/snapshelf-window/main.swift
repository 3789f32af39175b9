// The window, which `snapshelf` becomes when it is given no command (see WindowHandover): it reads
// the same command line, then opens the library's window, or hands its files to the one open.
import Foundation
import SnapshelfCommandLine
import SnapshelfModel
import SnapshelfUI

signal(SIGXFSZ, SIG_IGN)
MallocArenas.limitToTwo()
Localization.setUp()

let runner = CommandRunner()
do {
    guard case .startGUI(let library, let files) = try Invocation.parseProcessArguments() else {
        // Only snapshelf starts it, with arguments that it has read as these.
        FileHandle.standardError.write(Data("snapshelf-window opens Snapshelf's window; run snapshelf instead\n".utf8))
        exit(CommandRunner.ExitStatus.usage.rawValue)
    }
    GLibLog.route(showingWarnings: true)
    Library.prepareToOpen()
    let environment = ProcessInfo.processInfo.environment
    let directory = LibraryLocation.resolve(explicit: library, environment: environment)
    // Each library opens once per session: a second launch on it hands its files to its window.
    let name = LibraryLocation.instanceName(of: directory, environment: environment)
    let id = name.map { "\(SnapshelfApplication.id).\($0)" } ?? SnapshelfApplication.id
    // A library named other than the person's own may be on a disk not plugged in: asked about, not made.
    let application = SnapshelfApplication(libraryDirectory: directory, id: id, unique: true, asksBeforeCreating: name != nil)
    // A library chosen instead of a missing one gets a process under its own ID, as if named.
    application.reopening = { WindowHandover.reopen(library: $0) }
    exit(application.run(opening: files.map(\.url)))
} catch {
    exit(runner.reportUsage(error).rawValue)
}
