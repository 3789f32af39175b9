// One glob of a Syncthing ignore pattern, matched against a path relative to the shared folder as
// Syncthing matches it (with gobwas/glob): `*` any run of characters but `/`, `**` any run
// including `/`, `?` one character but `/`, `[abc]` one of a list, `[a-z]` one of a range and
// `[!…]` one not in it (`/` included), `{a,b}` one of the alternatives, and `\` the next
// character as it is. It lets `check` say which of a person's patterns hides what a shared
// library needs; Syncthing itself does the ignoring. Where this reading is not sure of gobwas's,
// as for a bracket of several ranges, which gobwas refuses, the glob is `unsure`, and nothing is
// claimed. Its text holds characters of one scalar each (see `SyncIgnoreRules`).
struct SyncIgnoreGlob {
    /// What a pattern's text is to Syncthing, as far as can be told here.
    enum Reading {
        case glob(SyncIgnoreGlob)
        /// Syncthing cannot compile it, as an unclosed bracket, and so takes no pattern of the file.
        case refused
        /// Read otherwise than gobwas might, or too large to match here.
        case unsure
    }

    private enum Token {
        case character(Character)
        /// `*`, or `**` when it crosses `/`.
        case run(crossingSlash: Bool)
        case one
        case set([ClosedRange<Character>], negated: Bool)
    }

    /// A path made ready for matching, as it is and in lower case, once for every glob.
    struct Subject {
        fileprivate let exact: [Character]
        fileprivate let folded: [Character]

        init(_ path: String) {
            exact = Array(path)
            folded = Array(path.lowercased())
        }
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

    /// The glob as sequences without alternatives, one for each way through its `{…}`: matching
    /// one of them takes time bounded by its length times the path's.
    private let sequences: [[Token]]
    private let ignoresCase: Bool
    /// The most ways through its alternatives, and tokens in all of them, a glob may have: far
    /// beyond any hand-written pattern.
    static let mostSequences = 256
    static let mostTokens = 8192

    private init(sequences: [[Token]], ignoresCase: Bool) {
        self.sequences = sequences
        self.ignoresCase = ignoresCase
    }

    /// How many tokens it holds, in all its sequences.
    var size: Int { sequences.reduce(0) { $0 + $1.count } }

    static func read(_ text: String, ignoringCase: Bool) -> Reading {
        var characters = Array(ignoringCase ? text.lowercased() : text)[...]
        var reading = Reading.unsure
        let sequences = parse(&characters, inAlternative: false, reading: &reading)
        if case .refused = reading { return .refused }
        guard let sequences, characters.isEmpty, sequences.reduce(0, { $0 + $1.count }) <= mostTokens else { return .unsure }
        return .glob(SyncIgnoreGlob(sequences: sequences, ignoresCase: ignoringCase))
    }

    func matches(_ subject: Subject, within budget: Budget) -> Bool {
        let path = ignoresCase ? subject.folded : subject.exact
        return sequences.contains { Self.match($0, path, budget: budget) }
    }

    /// The sequences up to the end, or to a `,` or `}` of the alternatives it is in; nil, with
    /// `reading` saying why, where the text is refused or unsure.
    private static func parse(_ text: inout ArraySlice<Character>, inAlternative: Bool, reading: inout Reading) -> [[Token]]? {
        var sequences: [[Token]] = [[]]
        func append(_ token: Token) {
            for index in sequences.indices {
                // Stars side by side match what the widest of them does: one run stands for them all.
                if case .run(let before) = sequences[index].last, case .run(let crossing) = token {
                    sequences[index][sequences[index].count - 1] = .run(crossingSlash: before || crossing)
                } else {
                    sequences[index].append(token)
                }
            }
        }
        while let next = text.first {
            if inAlternative && (next == "," || next == "}") { return sequences }
            text.removeFirst()
            switch next {
            case "\\":
                // gobwas drops a `\` that ends the pattern.
                if let escaped = text.popFirst() { append(.character(escaped)) }
            case "*":
                let crossing = text.first == "*"
                if crossing { text.removeFirst() }
                append(.run(crossingSlash: crossing))
            case "?":
                append(.one)
            case "[":
                guard let set = set(from: &text, reading: &reading) else { return nil }
                append(set)
            case "{":
                var alternatives: [[Token]] = []
                while true {
                    guard let alternative = parse(&text, inAlternative: true, reading: &reading) else { return nil }
                    alternatives += alternative
                    // An alternative the pattern's end closes, as gobwas reads it.
                    guard let end = text.popFirst(), end != "}" else { break }
                }
                // Left unsure past a bound on what the ways through cost, before any is made.
                let prefixTokens = sequences.reduce(0) { $0 + $1.count }, alternativeTokens = alternatives.reduce(0) { $0 + $1.count }
                guard sequences.count * alternatives.count <= mostSequences,
                      prefixTokens * alternatives.count + alternativeTokens * sequences.count <= mostTokens else { return nil }
                sequences = sequences.flatMap { prefix in alternatives.map { prefix + $0 } }
            default:
                append(.character(next))
            }
        }
        return sequences
    }

    /// A bracket, after its `[`, through its `]`: as gobwas reads one, either a single range `a-z`
    /// or a list of characters, either after `!`. Nil, with `reading` saying why, otherwise.
    private static func set(from text: inout ArraySlice<Character>, reading: inout Reading) -> Token? {
        guard let close = text.firstIndex(of: "]") else {
            reading = .refused
            return nil
        }
        var content = Array(text[..<close])
        text = text[text.index(after: close)...]
        let negated = content.first == "!"
        if negated { content.removeFirst() }
        guard !content.isEmpty else {
            reading = .refused
            return nil
        }
        if content.count == 3, content[1] == "-", content[0] <= content[2] {
            return .set([content[0]...content[2]], negated: negated)
        }
        guard !content.contains(where: { $0 == "-" || $0 == "\\" || $0 == "[" }) else { return nil }
        return .set(content.map { $0...$0 }, negated: negated)
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
