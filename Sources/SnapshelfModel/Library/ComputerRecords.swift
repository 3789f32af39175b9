// Each computer's records of the photos it removed from a library Syncthing shares: a file per
// computer in the library's `computers/` folder, `<machine>.removals`, which that computer alone
// writes, so Syncthing never has to choose between two writers, and the others only read. A
// removal's records are flushed before its files leave, so a computer that sees a copy gone and
// its sidecar still there can tell, once the record arrives, a removal that saw everything there
// from one that a change made here outlives (see `RemovalRecord`), without waiting on a timer for
// Syncthing to delete the sidecar too. Another computer's file is untrusted: it is read through
// a descriptor, never followed through a link, within a size, line by line, each line checked.
import Foundation

enum RemovalRecords {
    static let folderName = "computers"
    static let fileExtension = "removals"
    /// A file larger than this is no record Snapshelf wrote, and is not read: a removal of
    /// a million photos writes about 150 MB.
    static let maximumBytes = 1 << 30

    /// Appends the records to this computer's file, flushed to disk.
    static func append(_ records: [RemovalRecord], in library: URL, machine: String) throws(LibraryError) {
        guard !records.isEmpty, !machine.isEmpty else { return }
        let folder = library.appendingPathComponent(folderName, isDirectory: true)
        let operation = LibraryOperation.recordingRemovals
        _ = try PrivateFolder.make(folder)
        let directory = Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { throw .system(.errno(errno), during: operation) }
        defer { close(directory) }
        let file = openat(directory, "\(machine).\(fileExtension)", O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .system(.errno(errno), during: operation) }
        defer { close(file) }
        let bytes = Array(records.map { $0.line + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
            guard count > 0 else {
                let code = errno
                // A record cut short is no line a reader takes; the next one starts afresh.
                if written > 0 { _ = Foundation.write(file, "\n", 1) }
                throw .system(.errno(code), during: operation)
            }
            written += count
        }
        guard fsync(file) == 0 else { throw .system(.errno(errno), during: operation) }
        fsync(directory)
    }

    /// The records other computers than `machine` keep of the copies named, the last each keeps of
    /// each, by name. A file that cannot be read counts as none: its records wait for the next look.
    static func read(in library: URL, except machine: String, names: Set<String>) -> [String: [RemovalRecord]] {
        guard !names.isEmpty else { return [:] }
        let directory = Foundation.open(library.appendingPathComponent(folderName).path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return [:] }
        defer { close(directory) }
        var files: [String] = []
        FolderNames.forEach(in: directory) { name in
            // Syncthing's files in transit are hidden, and renamed into place once whole.
            if !name.hasPrefix("."), name.hasSuffix("." + fileExtension), name != "\(machine).\(fileExtension)" { files.append(name) }
        }
        var found: [String: [RemovalRecord]] = [:]
        for name in files.sorted() {
            var last: [String: RemovalRecord] = [:]
            forEachLine(ofFileNamed: name, in: directory) { line in
                // Only lines of the copies asked about are parsed.
                guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                      names.contains(String(decoding: line[..<tab], as: UTF8.self)),
                      let record = RemovalRecord(line: Substring(String(decoding: line, as: UTF8.self))) else { return }
                last[record.fileName] = record
            }
            for (copy, record) in last { found[copy, default: []].append(record) }
        }
        return found
    }

    /// Calls `body` with each whole line of the file, without its line break; a last line that
    /// has none yet is still being written, and waits.
    private static func forEachLine(ofFileNamed name: String, in directory: Int32, _ body: (ArraySlice<UInt8>) -> Void) {
        let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumBytes else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            pending += buffer[..<count]
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line too long for a record is skipped whole, never held.
                if end - start <= RemovalRecord.maximumLineBytes { body(pending[start..<end]) }
                start = end + 1
            }
            pending.removeSubrange(..<start)
            if pending.count > RemovalRecord.maximumLineBytes { pending.removeAll() }
        }
    }
}
