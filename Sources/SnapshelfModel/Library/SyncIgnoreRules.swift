// The patterns of a library's `.stignore` in order, and which of them decides a path, as Syncthing
// decides it: the first pattern that matches the path or a folder above it, ignoring what it
// matches, or keeping it when it starts with `!`. A pattern starting with `/` matches from the
// folder's root, any other at any depth; `(?i)` makes it ignore case, and `(?d)` changes only what
// Syncthing may delete. Lines starting with `//` are comments. Patterns that `#include` loads from
// other files are not read, so what they hide goes unnamed.
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

    /// Longer than any pattern a person writes, and than the paths it is matched with.
    private static let longestPattern = 1024
    /// Larger than any ignore file a person writes by hand.
    private static let largestFile = 1 << 20

    init(text: String) {
        var patterns: [Pattern] = []
        // Lines end at a line feed, after a Windows editor's carriage return or not, which Swift
        // holds as one character with it; Syncthing trims spaces at either end.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.hasPrefix("#include") else { continue }
            var rest = Substring(trimmed)
            var (keeps, ignoresCase) = (false, false)
            while true {
                if rest.hasPrefix("!") { keeps = true; rest = rest.dropFirst() }
                else if rest.hasPrefix("(?i)") { ignoresCase = true; rest = rest.dropFirst(4) }
                else if rest.hasPrefix("(?d)") { rest = rest.dropFirst(4) }
                else { break }
            }
            let rooted = rest.hasPrefix("/")
            let body = String(rest.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
            // One longer than any path it could match here is passed over, unmatched: no
            // pattern a person writes comes near, and matching recurses once per character.
            guard !body.isEmpty, body.count <= Self.longestPattern else { continue }
            // What it matches, and everything in a folder it matches, at the root or at any depth.
            let forms = rooted ? [body, body + "/**"] : [body, "**/" + body, body + "/**", "**/" + body + "/**"]
            let globs = forms.compactMap { SyncIgnoreGlob($0, ignoringCase: ignoresCase) }
            guard globs.count == forms.count else { continue }
            patterns.append(Pattern(line: index + 1, text: trimmed, keeps: keeps, globs: globs))
        }
        self.patterns = patterns
    }

    /// The rules of the library's `.stignore`; nil when it has none, or one that is no regular
    /// file of a readable size, which Syncthing would not read either.
    static func read(in library: URL) -> SyncIgnoreRules? {
        let descriptor = open(library.appendingPathComponent(LibrarySyncIgnore.fileName).path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= largestFile,
              let data = try? file.read(upToCount: largestFile), let text = String(data: data, encoding: .utf8) else { return nil }
        return SyncIgnoreRules(text: text)
    }

    /// The pattern that decides the path, relative to the library's folder: the first that matches.
    func decidingPattern(of path: String) -> Pattern? {
        patterns.first { $0.globs.contains { $0.matches(path) } }
    }

    /// The pattern that makes Syncthing ignore the path; nil when none does.
    func ignoringPattern(of path: String) -> Pattern? {
        decidingPattern(of: path).flatMap { $0.keeps ? nil : $0 }
    }

    /// What the rules hide of what every computer sharing the library needs, each with the first
    /// pattern that hides it: a photo or sidecar of any format Snapshelf offers, or a computer's records.
    func findings(in library: URL) -> [CheckFinding] {
        let name = String(repeating: "0123456789abcdef", count: 4)
        let extensions = Set(PixbufFormats.offered.flatMap(\.extensions).map { $0.lowercased() }).sorted()
        let samples: [(CheckFinding.SyncedFiles, [String])] = [
            (.photos, extensions.map { "photos/\(name).\($0)" }),
            (.sidecars, extensions.map { "photos/\(name).\($0).\(Sidecar.fileExtension)" }),
            (.computerRecords, [ComputerRecords.Kind.changes, .removals].map { "\(ComputerRecords.folderName)/computer.\($0.rawValue)" }),
        ]
        let file = library.appendingPathComponent(LibrarySyncIgnore.fileName)
        return samples.compactMap { files, paths in
            paths.lazy.compactMap(ignoringPattern(of:)).first.map {
                .syncthingIgnores(files, pattern: $0.text, line: $0.line, file: file)
            }
        }
    }
}
