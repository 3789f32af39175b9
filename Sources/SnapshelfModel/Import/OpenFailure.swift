// Why a file that must be a regular file was not opened: it is something else (a folder, a FIFO,
// a socket, a device or a link), which no photo or sidecar is and which could block a read for
// ever, or the system refused it.
import Foundation

public enum OpenFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is there, by its `st_mode`.
    case notRegular(mode: mode_t)
    case failed(errno: Int32)

    public var description: String {
        switch self {
        case .notRegular(let mode):
            // TRANSLATORS: %@ is what the file is, such as "a named pipe (FIFO)".
            String(format: tr("it is %@, not a regular file"), Self.kind(mode))
        case .failed(let code): String(cString: strerror(code))
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: tr("a folder")
        case S_IFIFO: tr("a named pipe (FIFO)")
        case S_IFSOCK: tr("a socket")
        case S_IFCHR, S_IFBLK: tr("a device")
        case S_IFLNK: tr("a link")
        default: tr("something else")
        }
    }
}
