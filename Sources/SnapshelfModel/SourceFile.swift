// A file read whole for inspection: opened once, with the errors a person can cause told apart.
import CGdkPixbuf
import Foundation

struct SourceFile {
    /// The path as the file system spells it, which need not be valid UTF-8.
    let systemPath: [CChar]
    let sha256: String
    let contents: Data
    /// The file's modification time, the date taken of a photo whose EXIF has none.
    let modified: Date

    init(opening url: URL) throws(ImportError) {
        let path = url.path
        systemPath = url.withUnsafeFileSystemRepresentation { Array(UnsafeBufferPointer(start: $0!, count: strlen($0!) + 1)) }
        var status = stat()
        guard stat(systemPath, &status) == 0 else { throw Self.failure(path: path, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw ImportError(path: path, reason: .isDirectory)
        case S_IFREG: break
        default: throw ImportError(path: path, reason: .notRegularFile)
        }
        let descriptor = open(systemPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path: path, errno: errno) }
        defer { close(descriptor) }
        guard status.st_size > 0 else { throw ImportError(path: path, reason: .empty) }

        var contents = Data(count: Int(status.st_size))
        let filled = contents.withUnsafeMutableBytes { buffer -> Int in
            var total = 0
            while total < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return count < 0 ? -1 : total }
                total += count
            }
            return total
        }
        guard filled >= 0 else { throw Self.failure(path: path, errno: errno) }
        guard filled == contents.count else { throw ImportError(path: path, reason: .changedDuringImport) }
        self.contents = contents
        modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        sha256 = Self.hash(contents)
    }

    func withBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        do {
            return try contents.withUnsafeBytes { bytes in try body(bytes) }
        } catch let error as E {
            throw error
        } catch {
            preconditionFailure("body threw an error of an unexpected type: \(error)")
        }
    }

    static func hash(_ data: Data) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { bytes in
            g_checksum_update(checksum, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        }
        return String(cString: g_checksum_get_string(checksum))
    }

    private static func failure(path: String, errno code: Int32) -> ImportError {
        switch code {
        // Foundation turns bytes that are not UTF-8 into U+FFFD, so such a name no longer exists.
        case ENOENT where path.contains("\u{FFFD}"): ImportError(path: path, reason: .nameNotUTF8)
        case ENOENT, ENOTDIR: ImportError(path: path, reason: .missing)
        case ELOOP: ImportError(path: path, reason: .symlinkLoop)
        case EACCES, EPERM: ImportError(path: path, reason: .permissionDenied)
        default: ImportError(path: path, reason: .unreadable(String(cString: strerror(code))))
        }
    }
}
