// The databases a library set aside beside its index: the one a rebuild replaced
// (`library.sqlite3.before-rebuild-<time>`) and one this computer did not make
// (`library.sqlite3.from-elsewhere-<time>`), each with its journal files. They are indexes, which
// the photos and sidecars can always make again, kept only to look back at for a while: the
// newest few, for a month, then deleted, so that a library rebuilt often does not fill its disk.
import Foundation

enum SetAsideDatabases {
    /// How many are kept at most, the newest.
    static let keptCount = 3
    /// How long one is kept at most, from the time in its name.
    static let keptDays = 30

    /// The tags `LibraryRebuild.asideURL` writes before the time.
    static let tags = ["before-rebuild", "from-elsewhere"]

    /// Deletes those beyond the newest `keptCount`, and those older than `keptDays`, with their
    /// journal files, in the library folder open as `directory`. Names are read and deleted
    /// relative to the folder's descriptor, and only a name of Snapshelf's own form is touched.
    static func prune(in directory: URL, now: Date = Date()) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var times: [String: (Date, UInt)] = [:]
        var files: [String: [String]] = [:]
        let formatter = stampFormatter()
        for name in names(in: descriptor) {
            guard let (stem, time, number) = parse(name, with: formatter) else { continue }
            times[stem] = (time, number)
            files[stem, default: []].append(name)
        }
        let newestFirst = times.keys.sorted { times[$0]! > times[$1]! }
        let oldest = now.addingTimeInterval(-Double(keptDays) * 86_400)
        // One named for a time more than a day ahead was set aside under a clock that was wrong,
        // and would otherwise be kept until the clock reaches it.
        let latest = now.addingTimeInterval(86_400)
        for (index, stem) in newestFirst.enumerated() where index >= keptCount || !(oldest...latest).contains(times[stem]!.0) {
            for name in files[stem] ?? [] {
                unlinkat(descriptor, name, 0)
            }
        }
    }

    /// The stem of a set-aside database's file or journal, `library.sqlite3.<tag>-<time>[-n]`,
    /// with the time it was set aside, as this computer's clock read it then, and its n (1 for
    /// none), which orders those set aside in the same second.
    static func parse(_ name: String, with formatter: DateFormatter) -> (stem: String, time: Date, number: UInt)? {
        var stem = Substring(name)
        for companion in LibraryTrust.companions where stem.hasSuffix(companion) {
            stem = stem.dropLast(companion.count)
        }
        let prefix = "library.sqlite3."
        guard stem.hasPrefix(prefix) else { return nil }
        let rest = stem.dropFirst(prefix.count)
        guard let tag = tags.first(where: { rest.hasPrefix($0 + "-") }) else { return nil }
        // yyyyMMdd-HHmmss, then "-n" where that second had one already.
        let stamp = rest.dropFirst(tag.count + 1)
        let parts = stamp.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && UInt(parts[2]) != nil),
              parts[0].count == 8, parts[1].count == 6, let time = formatter.date(from: "\(parts[0])-\(parts[1])") else {
            return nil
        }
        return (String(stem), time, parts.count == 3 ? UInt(parts[2])! : 1)
    }

    /// The form of the time in a name, this computer's local time to the second.
    static func stampFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }

    /// The names in the folder open as `descriptor`, which stays open.
    private static func names(in descriptor: Int32) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let listing = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }
}
