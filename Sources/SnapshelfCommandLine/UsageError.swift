// A command line that does not say what to do; exits with status 2 and a hint.
import SnapshelfModel

public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String, command: String?)
    case missingValue(String, command: String?)
    case unexpectedValue(String, command: String?)
    case optionAsValue(String, String, command: String?)
    case emptyValue(String)
    case missingOperand(String, String)
    case unexpectedArgument(String, command: String)
    case invalidID(String, command: String)
    /// A label the command was given that cannot be saved, and why; the command's help says what a label may be.
    case invalidLabel(String, command: HelpTopic)
    case labelNotUTF8(command: HelpTopic)
    case libraryNotUTF8
    case invalidRotation(String)
    /// Two options the command cannot take together.
    case conflictingOptions(String, String, command: HelpTopic)

    public var description: String {
        switch self {
        case .unknownCommand(let word):
            String(format: tr("unknown command “%@”. Commands: import, list, search, label, rotate, remove, check, rebuild, export, help."), word)
        case .unknownOption(let option, nil):
            String(format: tr("unknown option “%@”."), option)
        case .unknownOption(let option, let command?):
            // TRANSLATORS: the second %@ is a command, such as list.
            String(format: tr("unknown option “%@” for %@."), option, command)
        case .missingValue(let option, _):
            String(format: tr("%@ needs a value."), option)
        case .unexpectedValue(let option, _):
            String(format: tr("%@ takes no value."), option)
        case .optionAsValue(let option, let value, _):
            // TRANSLATORS: the first and third %@ are an option, such as --label; the second and fourth, the option that followed it.
            String(format: tr("%@ needs a value, but “%@” is an option. To give a value that starts with “-”, write %@=%@."),
                   option, value, option, value)
        case .emptyValue(let what):
            String(format: tr("%@ cannot be empty."), what)
        case .missingOperand(let command, let what):
            // TRANSLATORS: the first %@ is a command, such as search; the second says what it needs, such as "the text to search for".
            String(format: tr("%@ needs %@."), command, what)
        case .unexpectedArgument(let argument, let command):
            String(format: tr("%@ takes no argument “%@”."), command, argument)
        case .invalidID(let word, _):
            String(format: tr("“%@” is not a photo ID; IDs are the whole numbers `snapshelf list` shows."), word)
        case .invalidLabel(let problem, _):
            "\(problem)."
        case .labelNotUTF8:
            tr("the label is not valid UTF-8 text, so it would not be saved as typed; check that your terminal uses UTF-8.")
        case .invalidRotation(let word):
            String(format: tr("“%@” is not a rotation; --by takes 90, 180 or 270, the degrees to turn clockwise."), word)
        case .conflictingOptions(let option, let other, _):
            String(format: tr("%@ cannot be used with %@."), option, other)
        case .libraryNotUTF8:
            tr("the folder after --library is not valid UTF-8, so Snapshelf would open another folder than the one named; rename it, or give a link to it whose name is UTF-8.")
        }
    }

    /// The help page that explains what went wrong.
    public var topic: HelpTopic {
        switch self {
        case .unknownOption(_, let command), .missingValue(_, let command), .unexpectedValue(_, let command),
             .optionAsValue(_, _, let command):
            command.flatMap(HelpTopic.init(rawValue:)) ?? .general
        case .missingOperand(let command, _), .unexpectedArgument(_, let command), .invalidID(_, let command):
            HelpTopic(rawValue: command) ?? .general
        case .invalidRotation: .rotate
        case .invalidLabel(_, let command), .labelNotUTF8(let command), .conflictingOptions(_, _, let command): command
        case .unknownCommand, .emptyValue, .libraryNotUTF8: .general
        }
    }
}
