// `snapshelf` becomes the program its command line is for, with the same arguments, so that a
// window is the process the person started, and GLib and the window list still call it snapshelf.
#if canImport(Glibc)
import Glibc
#endif

public enum ProgramHandover {
    /// Runs the window program or the commands in this process's place; when neither can be
    /// run, says which is missing and exits with the commands' status for a failure.
    public static func replaceThisProcess() -> Never {
        let route = LaunchRoute(CommandLine.arguments.dropFirst())
        // Without the window program, the commands say that it is missing, in the person's language.
        var failure: Int32?
        for program in route == .window ? [CompanionProgram.window, .commands] : [.commands] {
            if let path = program.path {
                execv(path, CommandLine.unsafeArgv)
                failure = program == .commands ? errno : failure
            }
        }
        let why = failure.map { "could not be started: \(String(cString: strerror($0)))" } ?? "is missing from beside snapshelf and from libexec"
        let message = "snapshelf: the command program \(CompanionProgram.commands.rawValue) \(why); reinstall Snapshelf\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }
}
