// A command line that does not say what to do; exits with status 2 and a hint.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String, command: String?)
    case missingValue(String, command: String?)
    case unexpectedValue(String, command: String?)
    case emptyValue(String)
    case missingOperand(String, String)
    case unexpectedArgument(String, command: String)
    case invalidID(String)
    case invalidLabel(String)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            "unknown command “\(word)”. Commands: import, list, search, label, remove, check, help."
        case .unknownOption(let option, let command):
            "unknown option “\(option)”\(command.map { " for \($0)" } ?? "")."
        case .missingValue(let option, _):
            "\(option) needs a value."
        case .unexpectedValue(let option, _):
            "\(option) takes no value."
        case .emptyValue(let what):
            "\(what) cannot be empty."
        case .missingOperand(let command, let what):
            "\(command) needs \(what)."
        case .unexpectedArgument(let argument, let command):
            "\(command) takes no argument “\(argument)”."
        case .invalidID(let word):
            "“\(word)” is not a photo ID; IDs are the whole numbers `snapshelf list` shows."
        case .invalidLabel(let problem):
            "\(problem)."
        }
    }

    /// The help page that explains what went wrong.
    public var topic: HelpTopic {
        switch self {
        case .unknownOption(_, let command), .missingValue(_, let command), .unexpectedValue(_, let command):
            command.flatMap(HelpTopic.init(rawValue:)) ?? .general
        case .missingOperand(let command, _), .unexpectedArgument(_, let command):
            HelpTopic(rawValue: command) ?? .general
        case .unknownCommand, .emptyValue, .invalidID, .invalidLabel: .general
        }
    }
}
