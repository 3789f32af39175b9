// What each computer sharing a library through Syncthing records for the others: a file per
// computer and kind in the library's `computers/` folder, `<machine>.removals` and
// `<machine>.changes`, which that computer alone writes and appends to, so Syncthing never has to
// choose between two writers, and the others only read. A record is flushed before what it tells
// of can reach another computer (see `RemovalRecord` and `ChangeRecord`). Another computer's file is untrusted: it is read through a descriptor,
// never followed through a link, within a size, line by line, and what reads each line checks it.
import Foundation

enum ComputerRecords {
    static let folderName = "computers"

    enum Kind: String {
        case removals, changes
    }

    /// A file larger than this is no record Snapshelf wrote, and is not read: a removal of a
    /// million photos writes about 150 MB.
    static let maximumBytes = 1 << 30
    /// How far a file was read: where its whole lines ended, and the bytes just before, which
    /// tell a file that grew from one written anew, as after it was moved aside.
    struct Position: Equatable, Sendable {
        static let tailBytes = 64
        var offset: Int
        var tail: [UInt8]
    }

    /// A line longer than this is no record Snapshelf wrote, and is passed over: a removal's
    /// record holds up to 21 labels of up to 8 KiB each.
    static let maximumLineBytes = 256 << 10

    /// Appends the lines to this computer's file of the kind, flushed to disk. Whatever stands
    /// in the file's place that is no file of its own (a link, a folder or a FIFO another
    /// computer made there) is moved aside first, never followed or opened.
    static func append(_ lines: [String], of kind: Kind, in library: URL, machine: String) throws(LibraryError) {
        guard !lines.isEmpty, !machine.isEmpty else { return }
        let folder = library.appendingPathComponent(folderName, isDirectory: true)
        let operation = LibraryOperation.recordingForOtherComputers
        _ = try PrivateFolder.make(folder)
        let directory = Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { throw .system(.errno(errno), during: operation) }
        defer { close(directory) }
        let name = "\(machine).\(kind.rawValue)"
        var status = stat()
        if fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT != S_IFREG || status.st_nlink > 1 {
            let aside = "\(name).not-a-file-\(Int64(Date().timeIntervalSince1970 * 1000))"
            guard renameat(directory, name, directory, aside) == 0 else { throw .system(.errno(errno), during: operation) }
        }
        let file = openat(directory, name, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .system(.errno(errno), during: operation) }
        defer { close(file) }
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw .system(.errno(EINVAL), during: operation) }
        var text = lines.map { $0 + "\n" }.joined()
        // A last line a crash or a full disk cut short is ended first, so it joins no record.
        var last: UInt8 = 0
        if status.st_size > 0, pread(file, &last, 1, off_t(status.st_size - 1)) == 1, last != UInt8(ascii: "\n") { text = "\n" + text }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
            guard count > 0 else { throw .system(.errno(count < 0 ? errno : ENOSPC), during: operation) }
            written += count
        }
        guard fsync(file) == 0 else { throw .system(.errno(errno), during: operation) }
        fsync(directory)
    }

    /// Calls `body` with each file's name and each whole line of it after the position `from`
    /// gives for that file (its start for one not given, or one whose bytes there differ), of the
    /// files of the kind that computers other than `machine` keep ("" for every computer's).
    /// Returns where each file's whole lines end, for the next reading to start from. A file that
    /// cannot be read counts as empty: its lines wait for the next look.
    @discardableResult
    static func forEachLine(of kind: Kind, in library: URL, except machine: String, from offsets: [String: Position] = [:],
                            _ body: (String, ArraySlice<UInt8>) -> Void) -> [String: Position] {
        let directory = Foundation.open(library.appendingPathComponent(folderName).path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return offsets }
        defer { close(directory) }
        var files: [String] = []
        FolderNames.forEach(in: directory) { name in
            // Syncthing's files in transit are hidden, and renamed into place once whole; a
            // conflict copy of one is no computer's file of its own.
            guard !name.hasPrefix("."), name.hasSuffix("." + kind.rawValue), !name.contains(".sync-conflict-") else { return }
            if name != "\(machine).\(kind.rawValue)" { files.append(name) }
        }
        var ends = offsets
        for name in files.sorted() {
            ends[name] = forEachLine(ofFileNamed: name, in: directory, from: offsets[name] ?? Position(offset: 0, tail: [])) { body(name, $0) }
        }
        return ends
    }

    /// Calls `body` with each whole line of the file from `position`, or from its start where
    /// its bytes before that position are others, as in a file written anew; without its line
    /// break. A last line that has none yet is still being written, and waits. Returns where the
    /// whole lines end: `position` itself where the file cannot be read.
    private static func forEachLine(ofFileNamed name: String, in directory: Int32, from position: Position,
                                    _ body: (ArraySlice<UInt8>) -> Void) -> Position {
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { return position }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumBytes else { return position }
        let start = tail(of: file, before: position.offset) == position.tail ? position.offset : 0
        guard lseek(file, off_t(start), SEEK_SET) == off_t(start) else { return position }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        var end = start
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return Position(offset: end, tail: tail(of: file, before: end) ?? []) }
            pending += buffer[..<count]
            var lineStart = pending.startIndex
            while let lineEnd = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line too long for a record is skipped whole, never held.
                if lineEnd - lineStart <= maximumLineBytes { body(pending[lineStart..<lineEnd]) }
                end += lineEnd - lineStart + 1
                lineStart = lineEnd + 1
            }
            pending.removeSubrange(..<lineStart)
            if pending.count > maximumLineBytes {
                end += pending.count
                pending.removeAll()
            }
        }
    }

    /// The bytes of the file just before `offset`, up to `Position.tailBytes`; nil where there
    /// are not that many, as in a file shorter than `offset`.
    private static func tail(of file: Int32, before offset: Int) -> [UInt8]? {
        let count = min(offset, Position.tailBytes)
        var bytes = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return [] }
        let read = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, count, off_t(offset - count)) }
        return read == count ? bytes : nil
    }
}
