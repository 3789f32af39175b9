// Counts the openings and closings of the files in a folder through inotify, which sees every
// one, whatever the file system's access-time options: how a test knows that a process has read a
// file and let go of it. A closing is told once the last descriptor of that opening is closed,
// a copy passed to another process included; told apart, two openings in a row are not merged
// into one event.
import Foundation

final class OpenWatch {
    private let descriptor: Int32
    private var openings: [String: Int] = [:]
    private var closings: [String: Int] = [:]

    init(folder: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_OPEN | IN_CLOSE_NOWRITE)) >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder])
        }
    }

    deinit {
        close(descriptor)
    }

    /// Whether `each` files have each been opened, and closed again, at least `times` times,
    /// reading what came since.
    func wereRead(times: Int, each: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
            var offset = 0
            while offset < count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = buffer[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                let file = String(decoding: name, as: UTF8.self)
                if event.mask & UInt32(IN_OPEN) != 0 { openings[file, default: 0] += 1 }
                if event.mask & UInt32(IN_CLOSE_NOWRITE) != 0 { closings[file, default: 0] += 1 }
                offset = nameStart + Int(event.len)
            }
        }
        return openings.keys.filter { openings[$0, default: 0] >= times && closings[$0, default: 0] >= times }.count >= each
    }
}
