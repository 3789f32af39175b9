// What the person asked for on the command line: the GUI, or one of the commands that need no display.
public enum Invocation: Equatable, Sendable {
    case startGUI(library: String?)
    case importPhotos(library: String?, label: String?, paths: [String])
    case list(library: String?, json: Bool)
    case help(HelpTopic)
    case version

    /// Parses the arguments after the program name. `--library DIR` may stand before or after the command.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var reader = ArgumentReader(arguments)
        var library: String?
        var command: String?
        var label: String?
        var json = false
        var wantsHelp = false
        var paths: [String] = []
        var optionsEnded = false

        while let argument = reader.next() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if command == nil {
                    guard HelpTopic(rawValue: argument) != nil else { throw UsageError.unknownCommand(argument) }
                    command = argument
                } else {
                    paths.append(argument)
                }
                continue
            }
            switch reader.option(argument) {
            case "--": optionsEnded = true
            case "--library": library = try reader.value(for: "--library")
            case "--label" where command == "import": label = try reader.value(for: "--label")
            case "--json" where command == "list": json = true
            case "--help", "-h": wantsHelp = true
            case "--version" where command == nil: return .version
            default: throw UsageError.unknownOption(argument, command: command)
            }
        }

        let topic = command.flatMap(HelpTopic.init(rawValue:)) ?? .general
        if wantsHelp || command == "help" {
            return .help(command == "help" ? paths.first.flatMap(HelpTopic.init(rawValue:)) ?? .general : topic)
        }
        switch command {
        case "import":
            guard !paths.isEmpty else { throw UsageError.missingFiles }
            return .importPhotos(library: library, label: label, paths: paths)
        case "list":
            guard paths.isEmpty else { throw UsageError.unexpectedArgument(paths[0], command: "list") }
            return .list(library: library, json: json)
        default:
            return .startGUI(library: library)
        }
    }
}
