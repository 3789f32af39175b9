// The commands, each with its help text.
public enum HelpTopic: String, Sendable {
    case general = "help"
    case `import`
    case list

    public var text: String {
        switch self {
        case .general:
            """
            Usage: snapshelf [--library DIR] [COMMAND [OPTIONS]]

            Keeps photos with a label each. With no command, opens the Snapshelf window.

            Commands:
              import [--label TEXT] FILE...   copy photos into the library with a label
              list [--json]                   print the photos in the library
              help [COMMAND]                  show help for a command

            Options:
              --library DIR   use the library in DIR (default: $SNAPSHELF_LIBRARY,
                              else $XDG_DATA_HOME/snapshelf)
              --help, -h      show this help
              --version       print the version

            Exit status: 0 when all went well, 1 when a file or the library failed,
            2 when the command line was wrong.
            """
        case .import:
            """
            Usage: snapshelf import [--library DIR] [--label TEXT] FILE...

            Copies each photo into the library and saves it with the label TEXT (empty
            when not given). The original files are never changed. A file that is not a
            readable image is reported on stderr and the others are still imported;
            the exit status is then 1.
            """
        case .list:
            """
            Usage: snapshelf list [--library DIR] [--json]

            Prints the library's photos in order. With --json, prints an array of objects
            with id, label, file (the library's copy), original_name, added (ISO 8601, UTC),
            width and height (as displayed, after EXIF orientation).
            """
        }
    }
}
