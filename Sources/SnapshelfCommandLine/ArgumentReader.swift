// Walks the arguments one at a time, splitting `--option=value` so both spellings work.
struct ArgumentReader {
    private var remaining: ArraySlice<String>
    private var pendingValue: String?

    init(_ arguments: [String]) {
        remaining = arguments[...]
    }

    mutating func next() -> String? {
        remaining.popFirst()
    }

    /// The option's name; an attached `=value` is kept for `value(for:)`.
    mutating func option(_ argument: String) -> String {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            pendingValue = nil
            return argument
        }
        pendingValue = String(argument[argument.index(after: equals)...])
        return String(argument[..<equals])
    }

    mutating func value(for option: String, command: String?) throws(UsageError) -> String {
        if let value = pendingValue {
            pendingValue = nil
            return value
        }
        guard let value = remaining.popFirst() else { throw UsageError.missingValue(option, command: command) }
        return value
    }

    /// Refuses `--flag=value` for an option that takes no value.
    mutating func noValue(for option: String, command: String?) throws(UsageError) {
        guard pendingValue == nil else { throw UsageError.unexpectedValue(option, command: command) }
    }
}
