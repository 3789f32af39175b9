// How the commands open the window, when `snapshelf` passed them a window's command line it could
// not tell for one: they become the window program, with the same arguments, so a command never
// loads GTK and a window is the same process the person started.
import Foundation
import SnapshelfModel
import SnapshelfPrograms

public enum WindowHandover {
    /// Runs the window program in this process's place; returns only when it cannot, after saying
    /// why, with the status to exit with.
    public static func replaceThisProcess() -> CommandRunner.ExitStatus {
        guard let window = CompanionProgram.window.path else {
            let missing = tr("the window program %@ is missing from beside snapshelf and from libexec; reinstall Snapshelf")
            Console.complain(String(format: missing, CompanionProgram.window.rawValue))
            return .failure
        }
        execv(window, CommandLine.unsafeArgv)
        Console.complain(String(format: tr("could not start the window program %@: %@"), window, String(cString: strerror(errno))))
        return .failure
    }

    /// Runs the window program afresh on `library`, in this process's place, so that it registers
    /// under that library's application ID; returns only when it cannot, after saying why.
    public static func reopen(library: URL) {
        guard let window = CompanionProgram.window.path else { return }
        // The same first argument, so GLib and the window list still call the process snapshelf.
        let arguments = [CommandLine.arguments.first ?? "snapshelf", "--library", library.path]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        execv(window, &pointers)
        Console.complain(String(format: tr("could not start the window program %@: %@"), window, String(cString: strerror(errno))))
    }
}
