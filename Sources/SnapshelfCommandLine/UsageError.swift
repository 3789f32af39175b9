// A command line that does not say what to do; exits with status 2 and a hint.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String, command: String?)
    case missingValue(String)
    case missingFiles
    case unexpectedArgument(String, command: String)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            "unknown command “\(word)”. Commands: import, list, help."
        case .unknownOption(let option, let command):
            "unknown option “\(option)”\(command.map { " for \($0)" } ?? "")."
        case .missingValue(let option):
            "\(option) needs a value."
        case .missingFiles:
            "import needs at least one photo file."
        case .unexpectedArgument(let argument, let command):
            "\(command) takes no argument “\(argument)”."
        }
    }

    /// The help page that explains what went wrong.
    public var topic: HelpTopic {
        switch self {
        case .unknownOption(_, let command): command.flatMap(HelpTopic.init(rawValue:)) ?? .general
        case .missingFiles: .import
        case .unexpectedArgument(_, let command): HelpTopic(rawValue: command) ?? .general
        case .unknownCommand, .missingValue: .general
        }
    }
}
