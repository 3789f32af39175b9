// A small file system of its own, for the tests of a full or read-only disk: a tmpfs of a given
// size. Only root may mount one, so for anyone else it is mounted in a mount namespace of its own
// (`unshare --user --map-root-user --mount`), which a process keeps alive, and the programs under
// test run inside it through `wrapper`. This process reaches its files through that process's
// /proc/PID/root; SQLite cannot, since it resolves that link to "/", so what opens a library on
// it in this process needs one mounted here, which only root can do.
import Foundation

public final class SmallFilesystem {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where it is mounted, as the programs run through `wrapper` see it.
    public let url: URL
    /// What to run a program through so that it sees the file system at `url`: nothing when it
    /// is mounted in this process's namespace.
    public let wrapper: [String]
    private let keeper: Process?
    private let keeperInput: Pipe?

    /// A tmpfs of `kilobytes` at `folder`, mounted in a namespace of its own, as any user may.
    public init(kilobytes: Int, at folder: URL) throws {
        let privileged = geteuid() == 0
        let keeper = Process()
        keeper.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        keeper.arguments = (privileged ? ["--mount"] : ["--user", "--map-root-user", "--mount"]) + [
            "/bin/sh", "-c", "mount -t tmpfs -o size=\(kilobytes)k tmpfs \"$0\" && echo mounted && exec cat", folder.path,
        ]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        (keeper.standardInput, keeper.standardOutput, keeper.standardError) = (input, output, errors)
        do {
            try keeper.run()
        } catch {
            throw Failure(description: "a small file system needs util-linux's unshare, which did not start: \(error)")
        }
        // The keeper says so once mounted, and then waits on its input until this one closes it.
        let said = output.fileHandleForReading.availableData
        guard String(decoding: said, as: UTF8.self) == "mounted\n" else {
            try? input.fileHandleForWriting.close()
            keeper.waitUntilExit()
            let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "could not mount a small file system at \(folder.path) with unshare (\(privileged ? "as root" : "in a user namespace")): \(complaint)")
        }
        url = folder
        self.keeper = keeper
        keeperInput = input
        wrapper = ["/usr/bin/nsenter", "--target", "\(keeper.processIdentifier)", "--mount"]
            + (privileged ? [] : ["--user", "--preserve-credentials"])
    }

    /// A tmpfs of `kilobytes` at `folder` in this process's own namespace, which only root may
    /// mount; it throws, saying so, for anyone else.
    public static func mountedHere(kilobytes: Int, at folder: URL) throws -> SmallFilesystem {
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kilobytes)k") == 0 else {
            throw Failure(description: "mounting a small file system at \(folder.path) in the test process failed (\(String(cString: strerror(errno)))): only root can; CI runs the tests as root")
        }
        return SmallFilesystem(mountedAt: folder)
    }

    private init(mountedAt folder: URL) {
        url = folder
        wrapper = []
        keeper = nil
        keeperInput = nil
    }

    deinit {
        if let keeper, let keeperInput {
            // Its end of input ends the keeper, and with it the namespace and the mount.
            try? keeperInput.fileHandleForWriting.close()
            keeper.waitUntilExit()
        } else {
            umount2(url.path, Int32(MNT_DETACH))
        }
    }

    /// Where this process finds the file at `url` inside the file system.
    public func reach(_ inside: URL) -> URL {
        guard let keeper else { return inside }
        return URL(fileURLWithPath: "/proc/\(keeper.processIdentifier)/root" + inside.path)
    }

    public var freeKilobytes: Int {
        var status = statvfs()
        guard statvfs(reach(url).path, &status) == 0 else { return -1 }
        return Int(UInt64(status.f_bavail) * UInt64(status.f_frsize) / 1024)
    }

    /// Takes up all the room but `kilobytes` with a file of its own.
    public func fill(leaving kilobytes: Int) throws {
        let filler = reach(url.appendingPathComponent("filler")).path
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "creating \(filler): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let size = (freeKilobytes - kilobytes) * 1024
        guard size > 0, posix_fallocate(descriptor, 0, off_t(size)) == 0 else {
            throw Failure(description: "could not fill the small file system at \(url.path) to leave \(kilobytes) KB of \(freeKilobytes) KB")
        }
    }

    /// Makes the file system read-only, as a disk mounted so is.
    public func remountReadOnly() throws {
        try ExternalProgram.output(of: wrapper.first ?? "/bin/mount",
                                   Array(wrapper.dropFirst()) + (wrapper.isEmpty ? [] : ["/bin/mount"]) + ["-o", "remount,ro", url.path])
    }
}
