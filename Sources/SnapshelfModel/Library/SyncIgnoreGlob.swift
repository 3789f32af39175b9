// One glob of a Syncthing ignore pattern, matched against a path relative to the shared folder as
// Syncthing matches it (with gobwas/glob): `*` any run of characters but `/`, `**` any run
// including `/`, `?` one character but `/`, `[a-z]` one of a range and `[!a-z]` one not in it
// (`/` included), `{a,b}` one of the alternatives, and `\` the next character as it is. It lets
// `check` say which of a person's patterns hides what a shared library needs; Syncthing itself
// does the ignoring. Matching remembers the states that failed, within a budget of steps.
struct SyncIgnoreGlob {
    private enum Token {
        case character(Character)
        /// `*`, or `**` when it crosses `/`.
        case run(crossingSlash: Bool)
        case one
        case set([ClosedRange<Character>], negated: Bool)
    }

    /// The glob as sequences without alternatives, one for each way through its `{…}`: matching
    /// one of them takes time bounded by its length times the path's, whatever a person wrote.
    private let sequences: [[Token]]
    private let ignoresCase: Bool
    /// Whether it has more ways through its alternatives than are matched here, which leaves it,
    /// and so the file it is in, unjudged.
    let isTooComplex: Bool
    /// More ways through its alternatives than any hand-written pattern has.
    private static let mostSequences = 256

    /// The glob the text gives; nil where it is malformed, as an unclosed bracket, which Syncthing
    /// refuses too.
    init?(_ text: String, ignoringCase: Bool) {
        var characters = Array(ignoringCase ? text.lowercased() : text)[...]
        var tooComplex = false
        guard let sequences = Self.sequences(from: &characters, inAlternative: false, tooComplex: &tooComplex), characters.isEmpty
        else { return nil }
        self.sequences = tooComplex ? [] : sequences
        isTooComplex = tooComplex
        ignoresCase = ignoringCase
    }

    /// How many matching steps a judgement of a whole file may take, shared by every match in
    /// it; once spent, nothing more matches.
    final class Budget {
        var remaining: Int
        var isSpent: Bool { remaining <= 0 }

        init(steps: Int = 2_000_000) {
            remaining = steps
        }
    }

    func matches(_ path: String, within budget: Budget) -> Bool {
        let path = Array(ignoresCase ? path.lowercased() : path)
        return sequences.contains { Self.match($0, path, budget: budget) }
    }

    private static func sequences(from text: inout ArraySlice<Character>, inAlternative: Bool, tooComplex: inout Bool) -> [[Token]]? {
        var sequences: [[Token]] = [[]]
        func append(_ token: Token) {
            for index in sequences.indices { sequences[index].append(token) }
        }
        while let next = text.first {
            if inAlternative && (next == "," || next == "}") { return sequences }
            text.removeFirst()
            switch next {
            case "\\":
                guard let escaped = text.popFirst() else { return nil }
                append(.character(escaped))
            case "*":
                let crossing = text.first == "*"
                if crossing { text.removeFirst() }
                // Stars side by side match what the widest of them does: one run stands for them all.
                for index in sequences.indices {
                    if case .run(let before) = sequences[index].last {
                        sequences[index][sequences[index].count - 1] = .run(crossingSlash: before || crossing)
                    } else {
                        sequences[index].append(.run(crossingSlash: crossing))
                    }
                }
            case "?":
                append(.one)
            case "[":
                guard let set = set(from: &text) else { return nil }
                append(set)
            case "{":
                var alternatives: [[Token]] = []
                while true {
                    guard let alternative = self.sequences(from: &text, inAlternative: true, tooComplex: &tooComplex),
                          let end = text.popFirst() else { return nil }
                    alternatives += alternative
                    if end == "}" { break }
                }
                // Read on to the end, for Syncthing's verdict on the whole, keeping only one way.
                if tooComplex || sequences.count * alternatives.count > mostSequences {
                    tooComplex = true
                    sequences = [[]]
                } else {
                    sequences = sequences.flatMap { prefix in alternatives.map { prefix + $0 } }
                }
            default:
                append(.character(next))
            }
        }
        return inAlternative ? nil : sequences
    }

    /// A bracket's ranges, after its `[`, through its `]`.
    private static func set(from text: inout ArraySlice<Character>) -> Token? {
        let negated = text.first == "!"
        if negated { text.removeFirst() }
        var ranges: [ClosedRange<Character>] = []
        while let next = text.popFirst() {
            if next == "]" && !ranges.isEmpty { return .set(ranges, negated: negated) }
            let low = next == "\\" ? text.popFirst() : next
            guard let low else { return nil }
            if text.first == "-", text.dropFirst().first.map({ $0 != "]" }) == true {
                text.removeFirst()
                guard let high = text.popFirst(), low <= high else { return nil }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        return nil
    }

    /// Whether the tokens match the whole path, remembering the states that failed, so that no
    /// run of stars makes it try the same state twice.
    private static func match(_ tokens: [Token], _ path: [Character], budget: Budget) -> Bool {
        var failed = Set<Int>()
        func match(_ token: Int, _ at: Int) -> Bool {
            guard token < tokens.count else { return at == path.count }
            let state = token * (path.count + 1) + at
            budget.remaining -= 1
            guard !budget.isSpent, !failed.contains(state) else { return false }
            let matched: Bool
            switch tokens[token] {
            case .character(let character):
                matched = at < path.count && path[at] == character && match(token + 1, at + 1)
            case .one:
                matched = at < path.count && path[at] != "/" && match(token + 1, at + 1)
            case .set(let ranges, let negated):
                matched = at < path.count && ranges.contains(where: { $0.contains(path[at]) }) != negated
                    && match(token + 1, at + 1)
            case .run(let crossingSlash):
                // Nothing more, or one more character that the run may take.
                matched = match(token + 1, at) || (at < path.count && (crossingSlash || path[at] != "/") && match(token, at + 1))
            }
            if !matched { failed.insert(state) }
            return matched
        }
        return match(0, 0)
    }
}
