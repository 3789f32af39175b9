// Walks the arguments one at a time, splitting `--option=value` so both spellings work, and
// keeping the bytes of the arguments that were not valid UTF-8, which Swift would otherwise
// quietly repair.
import SnapshelfModel

struct ArgumentReader {
    private let arguments: [String]
    private let raw: [Int: FileName]
    private var position = 0
    private var pendingValue: String?

    init(_ arguments: [String], raw: [Int: FileName]) {
        self.arguments = arguments
        self.raw = raw
    }

    mutating func next() -> String? {
        guard position < arguments.count else { return nil }
        defer { position += 1 }
        return arguments[position]
    }

    /// Whether the argument `next()` or `value(for:command:)` returned last was not valid UTF-8,
    /// so that its undecodable bytes became U+FFFD.
    var lastIsNotUTF8: Bool { raw[position - 1] != nil }

    /// The bytes of the argument `next()` returned last, as the system passed them.
    var lastBytes: FileName { raw[position - 1] ?? FileName(arguments[position - 1]) }

    /// The option's name; an attached `=value` is kept for `value(for:)`.
    mutating func option(_ argument: String) -> String {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            pendingValue = nil
            return argument
        }
        pendingValue = String(argument[argument.index(after: equals)...])
        return String(argument[..<equals])
    }

    /// The option's value: attached with `=`, or the next argument, which may not be an option
    /// itself, since then the person almost certainly left the value out.
    mutating func value(for option: String, command: String?) throws(UsageError) -> String {
        if let value = pendingValue {
            pendingValue = nil
            return value
        }
        guard let value = next() else { throw UsageError.missingValue(option, command: command) }
        if Self.looksLikeOption(value) {
            throw UsageError.optionAsValue(option, value, command: command)
        }
        return value
    }

    /// The value attached with `=` to the option just read, with its bytes as the system passed
    /// them, for an option whose value may be left out; nil when none is attached.
    mutating func attachedValue() -> (text: String, bytes: FileName)? {
        guard let value = pendingValue else { return nil }
        pendingValue = nil
        let bytes = raw[position - 1].map { FileName(bytes: $0.bytes.drop { $0 != UInt8(ascii: "=") }.dropFirst()) }
        return (value, bytes ?? FileName(value))
    }

    /// Refuses `--flag=value` for an option that takes no value.
    mutating func noValue(for option: String, command: String?) throws(UsageError) {
        guard pendingValue == nil else { throw UsageError.unexpectedValue(option, command: command) }
    }

    /// `--anything` or `-x`; a dash before a digit, as in "-5 °C" or "-1", is no option.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        return !argument.dropFirst().first!.isNumber
    }
}
