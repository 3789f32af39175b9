// The databases a library set aside beside its index: the one a rebuild replaced
// (`library.sqlite3.before-rebuild-<time>`) and one this computer did not make
// (`library.sqlite3.from-elsewhere-<time>`), each with its journal files. Most are indexes the
// photos and sidecars make again, kept to look back at for a while: the newest few, for a month,
// then deleted, so that a library rebuilt often does not fill its disk. One that holds labels
// nowhere else is kept: labels whose sidecars could not be written yet, or a library from before
// sidecars.
import Foundation

package enum SetAsideDatabases {
    /// How many are kept at most, the newest, besides those set aside in the last hour.
    static let keptCount = 3
    /// How long one is kept at most.
    static let keptDays = 30

    /// The tags `LibraryRebuild.asideURL` writes before the time.
    static let tags = ["before-rebuild", "from-elsewhere"]

    /// Deletes, with their journal files, those of the library folder open as `directory` that
    /// were set aside more than `keptDays` ago or are beyond the newest `keptCount`. When one was
    /// set aside is when it was renamed or linked there, its status change time: a name's time
    /// is the clock's then, and a peer may bring names. One set aside within the last hour, as by
    /// the operation now running, stays, and one a clock more than a day ahead made expires.
    /// Names are read and deleted relative to the folder's descriptor, the folder followed where
    /// it is a link (see `FolderNames.open`), and only a name of Snapshelf's own form is touched.
    package static func prune(in directory: URL, now: Date = Date()) {
        let descriptor = FolderNames.open(directory)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var changed: [String: Double] = [:]
        var files: [String: [String]] = [:]
        FolderNames.forEach(in: descriptor) { name in
            guard let stem = stem(of: name) else { return }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            let time = Double(status.st_ctim.tv_sec) + Double(status.st_ctim.tv_nsec) / 1e9
            changed[stem] = max(changed[stem] ?? -.infinity, time)
            files[stem, default: []].append(name)
        }
        let seconds = now.timeIntervalSince1970
        let (fresh, ahead, oldest) = (seconds - 3600, seconds + 86_400, seconds - Double(keptDays) * 86_400)
        let current = changed.keys.filter { (oldest...ahead).contains(changed[$0]!) }.sorted { (changed[$0]!, $0) > (changed[$1]!, $1) }
        let kept = Set(current.prefix(keptCount)).union(current.filter { changed[$0]! >= fresh })
        for stem in changed.keys where !kept.contains(stem) && !holdsLabelsAlone(stem, in: descriptor, at: directory) {
            for name in files[stem] ?? [] {
                unlinkat(descriptor, name, 0)
            }
        }
    }

    /// The stem of a set-aside database's file or of one journal of it,
    /// `library.sqlite3.<tag>-<yyyyMMdd>-<HHmmss>[-n]`; nil for a name of any other form.
    static func stem(of name: String) -> String? {
        var stem = Substring(name)
        if let companion = LibraryTrust.companions.first(where: { stem.hasSuffix($0) }) {
            stem = stem.dropLast(companion.count)
        }
        let prefix = "library.sqlite3."
        guard stem.hasPrefix(prefix) else { return nil }
        let rest = stem.dropFirst(prefix.count)
        guard let tag = tags.first(where: { rest.hasPrefix($0 + "-") }) else { return nil }
        // "-n" after the time where that second had one already.
        let parts = rest.dropFirst(tag.count + 1).split(separator: "-", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy(digits), parts[0].count == 8, parts[1].count == 6 else {
            return nil
        }
        return String(stem)
    }

    /// The form of the time in a name, this computer's local time to the second.
    static func stampFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }

    /// Whether the database `stem` may hold labels that no sidecar has: ones waiting for their
    /// sidecar to be written, as after a full disk, or all of them, from before sidecars. One
    /// that cannot be read to tell is taken to, and kept, as is one whose write-ahead log holds
    /// anything, which it is read blind to; a file that is no SQLite database holds none.
    private static func holdsLabelsAlone(_ stem: String, in folder: Int32, at directory: URL) -> Bool {
        var log = stat()
        if fstatat(folder, stem + "-wal", &log, AT_SYMLINK_NOFOLLOW) == 0 && log.st_size > 0 { return true }
        let file = openat(folder, stem, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return false }
        var header = [UInt8](repeating: 0, count: 16)
        let read = pread(file, &header, 16, 0)
        close(file)
        guard read == 16, header == Array("SQLite format 3\0".utf8) else { return false }
        do throws(LibraryError) {
            // Immutable, so that reading it leaves no shared-memory file beside it.
            let connection = try SQLiteConnection.immutable(fileURL: directory.appendingPathComponent(stem))
            let version = try connection.prepare("PRAGMA user_version", during: .readingSchemaVersion)
            guard try version.step(), version.integer(at: 0) >= LibrarySchema.sidecarsVersion else { return true }
            let waiting = try connection.prepare("SELECT EXISTS (SELECT 1 FROM pending_sidecars)", during: .readingSidecarsToWrite)
            return try !waiting.step() || waiting.integer(at: 0) != 0
        } catch {
            return true
        }
    }
}
