// The patterns of a library's `.stignore` in order, and which of them decides a path, as
// Syncthing's lib/ignore reads them: each line trimmed, comments (`//`) and repeated lines passed
// over; a line ending in `/` hides what the folder holds, any other both what it names and, for a
// folder, what that holds; `!`, `(?i)` and `(?d)` in front, each once, keep what it matches,
// ignore case, and let Syncthing delete; `/` in front matches from the folder's root only, and
// any other pattern at any depth. The first pattern that matches decides. A line Syncthing cannot
// read makes it take none of them. A file this reading could take otherwise than Syncthing, as
// one that `#include`s another, is left unjudged: nothing is claimed of it.
import Foundation

struct SyncIgnoreRules {
    struct Pattern: Equatable {
        /// The line of the file it is on, from 1, and its text there, trimmed.
        let line: Int
        let text: String
        /// Whether it starts with `!`, keeping what it matches.
        let keeps: Bool
        fileprivate let globs: [SyncIgnoreGlob]

        static func == (left: Pattern, right: Pattern) -> Bool {
            left.line == right.line && left.text == right.text
        }
    }

    let patterns: [Pattern]
    /// The first line Syncthing cannot read, as a pattern with nothing after its prefixes or an
    /// unclosed bracket; Syncthing then takes none of the file's patterns.
    let unreadable: (line: Int, text: String)?
    /// Whether a line may mean to Syncthing other than it does here: one that `#include`s another
    /// file, one too long, or a pattern gobwas may read otherwise. Nothing is then claimed.
    let isUnsure: Bool

    /// Longer than any pattern a person writes, in bytes.
    private static let longestPattern = 1024
    /// The length at which Syncthing's line reader gives up on the file, in bytes.
    private static let longestLine = 65_535
    /// The most tokens all the file's globs may hold together.
    private static let mostTokens = 200_000
    /// Larger than any ignore file a person writes by hand.
    private static let largestFile = 1 << 20

    init(text: String) {
        var patterns: [Pattern] = []
        var seen = Set<[UInt8]>()
        var (unreadable, unsure, tokens): ((line: Int, text: String)?, Bool, Int) = (nil, false, 0)
        // Lines end at a line feed, after a Windows editor's carriage return or not, which Swift
        // holds as one character with it.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            // Syncthing's line reader gives up on a line of 64 KiB, even a comment.
            guard line.utf8.count < Self.longestLine else {
                unsure = true
                break
            }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.utf8.starts(with: "//".utf8) else { continue }
            // gobwas reads one scalar at a time, ending at a NUL, and Go folds case and compares
            // scalar by scalar, where Swift compares characters, normalized: a pattern with any
            // other than printable ASCII, a byte-order mark or an undecodable byte among them, is
            // left unjudged.
            guard line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F || $0 == "\t" || $0 == "\r" }) else {
                unsure = true
                break
            }
            // Repeats as Go tells them, byte for byte.
            guard seen.insert(Array(trimmed.utf8)).inserted else { continue }
            guard !trimmed.hasPrefix("#include"), trimmed.utf8.count <= Self.longestPattern else {
                unsure = true
                break
            }
            let expanded = trimmed.hasSuffix("/**") ? [trimmed] : trimmed.hasSuffix("/") ? [trimmed + "**"] : [trimmed, trimmed + "/**"]
            var (globs, keeps, refused) = ([SyncIgnoreGlob](), false, false)
            for form in expanded {
                switch Self.globs(of: form) {
                case .some(.some(let read)): (keeps, globs) = (read.keeps, globs + read.globs)
                case .some(.none): refused = true
                case .none: unsure = true
                }
            }
            tokens += globs.reduce(0) { $0 + $1.size }
            if refused { unreadable = (index + 1, trimmed) }
            if refused || unsure || tokens > Self.mostTokens {
                unsure = unsure || tokens > Self.mostTokens
                break
            }
            patterns.append(Pattern(line: index + 1, text: trimmed, keeps: keeps, globs: globs))
        }
        self.patterns = unreadable == nil && !unsure ? patterns : []
        self.unreadable = unreadable
        isUnsure = unsure
    }

    /// The globs of one expanded line, and whether it keeps what they match; `.some(nil)` where
    /// Syncthing cannot read it, nil where it may read it otherwise than here.
    private static func globs(of line: String) -> (keeps: Bool, globs: [SyncIgnoreGlob])?? {
        var rest = Substring(line)
        var (keeps, ignoresCase, deletable) = (false, false, false)
        while true {
            if rest.hasPrefix("!") && !keeps { keeps = true; rest = rest.dropFirst() }
            else if rest.hasPrefix("(?i)") && !ignoresCase { ignoresCase = true; rest = rest.dropFirst(4) }
            else if rest.hasPrefix("(?d)") && !deletable { deletable = true; rest = rest.dropFirst(4) }
            else { break }
        }
        guard !rest.isEmpty else { return .some(nil) }
        let forms = rest.hasPrefix("/") ? [String(rest.dropFirst())]
            : rest.hasPrefix("**/") ? [String(rest), String(rest.dropFirst(3))] : [String(rest), "**/" + rest]
        var globs: [SyncIgnoreGlob] = []
        for form in forms {
            switch SyncIgnoreGlob.read(form, ignoringCase: ignoresCase) {
            case .glob(let glob): globs.append(glob)
            case .refused: return .some(nil)
            case .unsure: return nil
            }
        }
        return (keeps, globs)
    }

    /// The rules of the library's `.stignore`; nil when it has none, or one that is no regular
    /// file of a readable size, which Syncthing would not read either.
    static func read(in library: URL) -> SyncIgnoreRules? {
        let name = FileName(url: library.appendingPathComponent(LibrarySyncIgnore.fileName))
        guard case .success(let file) = OpenFile.openRegular(name, followingLinks: false), file.size <= largestFile else { return nil }
        // Decoded keeping a byte-order mark, and an undecodable byte as U+FFFD, both of which leave it unjudged.
        return SyncIgnoreRules(text: String(decoding: file.bytes(at: 0, count: file.size), as: UTF8.self))
    }

    /// The pattern that decides the path, relative to the library's folder: the first that
    /// matches; nil when none does, or when matching would take more than `budget` allows.
    func decidingPattern(of path: String, within budget: SyncIgnoreGlob.Budget = .init()) -> Pattern? {
        let subject = SyncIgnoreGlob.Subject(path)
        return patterns.first { $0.globs.contains { $0.matches(subject, within: budget) } }
    }

    /// The pattern that makes Syncthing ignore the path; nil when none does.
    func ignoringPattern(of path: String, within budget: SyncIgnoreGlob.Budget = .init()) -> Pattern? {
        decidingPattern(of: path, within: budget).flatMap { $0.keeps ? nil : $0 }
    }

    /// What the rules hide of what every computer sharing the library needs, each with the first
    /// pattern that hides it: a photo or sidecar of any format Snapshelf offers, or a computer's records.
    func findings(in library: URL) -> [CheckFinding] {
        let file = library.appendingPathComponent(LibrarySyncIgnore.fileName)
        if let unreadable {
            return [.syncthingIgnoreFileUnreadable(pattern: unreadable.text, line: unreadable.line, file: file)]
        }
        guard !isUnsure else { return [] }
        let name = String(repeating: "0123456789abcdef", count: 4)
        // The extension each copy takes is its format's first, whatever the file imported had.
        let extensions = PixbufFormats.copyExtensions
        let samples: [(CheckFinding.SyncedFiles, [String])] = [
            (.photos, extensions.map { "photos/\(name).\($0)" }),
            (.sidecars, extensions.map { "photos/\(name).\($0).\(Sidecar.fileExtension)" }),
            (.computerRecords, [ComputerRecords.Kind.changes, .removals].map { "\(ComputerRecords.folderName)/computer.\($0.rawValue)" }),
        ]
        // A file of patterns made to take long is left unjudged rather than block whoever asks.
        let budget = SyncIgnoreGlob.Budget()
        let findings: [CheckFinding] = samples.compactMap { files, paths in
            paths.lazy.compactMap { ignoringPattern(of: $0, within: budget) }.first.map {
                .syncthingIgnores(files, pattern: $0.text, line: $0.line, file: file)
            }
        }
        return budget.isSpent ? [] : findings
    }
}
