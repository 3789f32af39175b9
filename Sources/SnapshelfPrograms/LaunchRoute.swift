// Which program a command line is for, told by `snapshelf` before it loads anything else: the
// window's start then skips a whole Swift and Foundation program with its libraries.
public enum LaunchRoute: Equatable, Sendable {
    case window
    case commands

    /// The window only when every argument is `--library` with its folder, or a path to open
    /// (a word with a slash, as a file manager passes): no command's name has one. Anything else
    /// goes to the commands, which read it whole and hand a window's arguments over in turn, so
    /// this choice only ever saves time.
    public init(_ arguments: some Sequence<String>) {
        var expectsFolder = false
        for argument in arguments {
            if expectsFolder {
                expectsFolder = false
            } else if argument == "--library" {
                expectsFolder = true
            } else if !(argument.hasPrefix("--library=") || (!argument.hasPrefix("-") && argument.contains("/"))) {
                self = .commands
                return
            }
        }
        self = expectsFolder ? .commands : .window
    }
}
