// The labels a photo had that lost a merge, `Xmp.snapshelf.History` in its sidecar, so that when
// two computers relabelled one photo while apart, the label that lost is never lost. It is one
// text attribute, which any XMP reader shows as it is and Snapshelf's fast sidecar reader reads:
// entries newest first, separated by " | ", each the time the label was given, as `Added` is
// written, the name of the computer that gave it ("-" when unknown), and the label, in which a
// backslash and a bar are written "\\" and "\|". For example:
//   2026-12-01T12:00:00.000Z a1b2c3 Beach in Lisbon | 2026-11-30T09:15:00.000Z c3d4 Lisbon \| 2026
struct SidecarHistory: Equatable, Sendable {
    struct Entry: Equatable, Hashable, Sendable {
        let label: String
        let changedMilliseconds: Int64
        let machine: String
    }

    /// The most entries kept, the newest: enough for every label a photo is likely to lose, and a
    /// bound on a sidecar edited over years.
    static let maximumEntries = 20
    private static let separator = " | "
    private static let unknownMachine = "-"

    /// Newest first.
    private(set) var entries: [Entry] = []

    init(entries: [Entry] = []) {
        self.entries = Self.ordered(entries)
    }

    /// The history in a sidecar's text; an entry that cannot be read is left out, not the rest.
    init(text: String?) {
        guard let text else { return }
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        // The separator's spaces are the parts' ends: the first has none before it, the last none after.
        entries = Self.ordered(parts.indices.compactMap { index in
            var part = Substring(parts[index])
            if index > 0 && part.hasPrefix(" ") { part = part.dropFirst() }
            if index < parts.count - 1 && part.hasSuffix(" ") { part = part.dropLast() }
            return Self.entry(from: part)
        })
    }

    /// One entry from its text between separators.
    private static func entry(from text: Substring) -> Entry? {
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count == 3, let time = Sidecar.milliseconds(from: String(words[0])), !words[1].isEmpty else { return nil }
        return Entry(label: String(words[2]), changedMilliseconds: time, machine: words[1] == unknownMachine ? "" : String(words[1]))
    }

    /// The text for the sidecar; nil when there is no history.
    var text: String? {
        guard !entries.isEmpty else { return nil }
        return entries.map { entry in
            let label = entry.label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            return "\(Sidecar.text(milliseconds: entry.changedMilliseconds)) \(entry.machine.isEmpty ? Self.unknownMachine : entry.machine) \(label)"
        }.joined(separator: Self.separator)
    }

    /// This history with `other`'s and the entries given, each once, the newest kept.
    func merged(with other: SidecarHistory, adding added: [Entry]) -> SidecarHistory {
        SidecarHistory(entries: entries + other.entries + added)
    }

    /// Newest first, each label once by its time and text, an empty label never, and no more
    /// than the maximum. Of one label that two computers' sidecars name different computers for,
    /// as the last writer of a sidecar is, the one named first by its name is kept, an unknown
    /// computer last, wherever the merge runs.
    private static func ordered(_ entries: [Entry]) -> [Entry] {
        var seen = Set<[String]>()
        // Names are hexadecimal: "~" sorts after every one.
        let machine = { (entry: Entry) in entry.machine.isEmpty ? "~" : entry.machine }
        let sorted = entries.filter { !$0.label.isEmpty }.sorted {
            ($0.changedMilliseconds, machine($1), $0.label) > ($1.changedMilliseconds, machine($0), $1.label)
        }
        return Array(sorted.filter { seen.insert([String($0.changedMilliseconds), $0.label]).inserted }.prefix(maximumEntries))
    }
}
