// The `.stignore` a library keeps in its folder, so that Syncthing, when it shares the folder
// between computers, never carries this computer's own files to another: the SQLite index (a
// WAL database must stay on one host, and one copied without its -wal is corrupt), the databases
// set aside beside it (`library.sqlite3.before-rebuild-…`, `.from-elsewhere-…`), its lock, and
// the folders of half-written copies, set-aside sidecars, kept copies and the reserve. The photos
// and their sidecars are what syncs. Syncthing does not sync `.stignore` itself, so each computer
// writes its own; the person's own patterns stay, below Snapshelf's.
import Foundation

enum LibrarySyncIgnore {
    static let fileName = ".stignore"
    static let begin = "// Snapshelf: this computer’s own files, never synced (see “Share a library through Syncthing” in Snapshelf’s help)"
    static let end = "// Snapshelf: end"
    /// `(?d)` lets Syncthing delete these where they would keep it from removing a folder.
    static let patterns = [
        "(?d)/library.sqlite3", "(?d)/library.sqlite3-wal", "(?d)/library.sqlite3-shm", "(?d)/library.sqlite3-journal",
        "(?d)/library.sqlite3.*",
        "(?d)/library.lock", "(?d)/photos/\(LibraryFiles.incomingFolderName)", "(?d)/set-aside", "(?d)/removed",
        "(?d)/\(LibraryReserve.folderName)",
    ]

    /// Takes the file away when it holds Snapshelf's lines alone, as for a library that was
    /// started and then not used.
    static func discard(in library: URL) {
        let url = library.appendingPathComponent(fileName)
        if FileManager.default.contents(atPath: url.path) == Data(block.utf8) { unlink(url.path) }
        rmdir(library.appendingPathComponent(LibraryReserve.folderName).path)
    }

    static var block: String { ([begin] + patterns + [end]).joined(separator: "\n") + "\n" }

    /// Puts Snapshelf's patterns first in the library's `.stignore` (Syncthing uses the first
    /// pattern that matches), keeping every other line, unless they are there already. Done before
    /// the database or the lock is made, so a Syncthing already sharing the folder never sees
    /// them unignored. The file is replaced by a rename, so a kill leaves the old one or the new.
    static func keep(in library: URL) throws(LibraryError) {
        let url = library.appendingPathComponent(fileName)
        var existing = ""
        if let data = FileManager.default.contents(atPath: url.path) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw .syncIgnoreNotText(url)
            }
            existing = text
        }
        guard !existing.hasPrefix(block) else { return }
        let others = withoutSnapshelfLines(existing)
        let text = block + (others.isEmpty ? "" : "\n" + others)
        // Written in a folder the block ignores, so Syncthing never shares the half-written file.
        let folder = library.appendingPathComponent(LibraryReserve.folderName, isDirectory: true)
        try PrivateFolder.make(folder)
        let temporary = folder.appendingPathComponent("\(UUID().uuidString).stignore")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw .system(.errno(errno), during: .writingSyncIgnore(url))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw .system(.errno(code), during: .writingSyncIgnore(url))
        }
    }

    /// The person's lines, without any block of Snapshelf's, such as an older one with other patterns.
    private static func withoutSnapshelfLines(_ text: String) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == begin || (line.hasPrefix("// Snapshelf: ") && line != end && !inBlock) {
                inBlock = true
            } else if inBlock {
                if line == end { inBlock = false }
            } else {
                kept.append(line)
            }
        }
        while kept.first?.isEmpty == true { kept.removeFirst() }
        return kept.joined(separator: "\n")
    }
}
