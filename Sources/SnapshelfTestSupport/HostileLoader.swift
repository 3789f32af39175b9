// The hostile GdkPixbuf loader (Tests/Fixtures/hostile-loader.c and the hostile-attacks-*.c beside
// it), compiled and registered in a folder of its own beside the system's loaders, and files that
// set it off. GdkPixbuf and GIO read their loaders and MIME types once per process, so the
// environment this gives is for a process the test starts, such as the built snapshelf, never for
// the test's own.
import Foundation

public final class HostileLoader {
    /// What a hostile file makes the loader do the moment it reads the file's first line.
    public enum Attack {
        /// Writes through a null pointer.
        case crash
        /// Loops for ever.
        case spin
        /// Takes memory until an allocation fails.
        case hog
        /// Creates the file and writes to it.
        case write(URL)
        /// Connects to 127.0.0.1 at the port, and to the Unix socket at the path.
        case connect(port: UInt16, unixSocket: URL)
        /// Runs /bin/sh to create the file.
        case run(touching: URL)
        /// Queues SIGKILL to the process that started the decoder, as sigqueue() does.
        case queueKillingSignal
        /// Sends SIGKILL to the process that started the decoder through a pidfd.
        case killThroughPidfd
        /// Makes its stderr pipe deliver SIGKILL to the process that started the decoder when it reads.
        case killThroughSignalDrivenOutput
        /// Takes the starting process's descriptors with pidfd_getfd, overwrites the first bytes of
        /// each regular file among them with `overwrittenWith` and writes `stolenMarker` to its
        /// stdout and stderr.
        case stealDescriptors
        /// Makes the file mode 0777 with fchmodat2.
        case changeMode(URL)
        /// Sets the extended attribute `attributeName` on the file with setxattrat.
        case setAttribute(URL)
        /// Leaves the file's contents in a SysV message queue, SysV shared memory and the POSIX
        /// message queue `messageQueueName`, readable by anyone.
        case leaveInIPC(secret: URL)
        /// Turns off ECHO and ICANON on the controlling terminal.
        case changeTerminal
        /// Sets nice 19 on the starting process and on every process of the user.
        case renice
        /// Takes an exclusive flock on the folder and holds it after the load.
        case lockFolder(URL)
        /// Writes terminal escapes, controls, a direction override, invalid UTF-8 and a 100 KB tail
        /// to stderr, also as the reason the decoder could not lock down, then fails with the same
        /// text or, `exiting`, exits with status 2.
        case escapeSequences(exiting: Bool)
        /// Fails with the file's first line as its reason.
        case readFile(URL)

        var command: String {
            switch self {
            case .crash: "crash"
            case .spin: "spin"
            case .hog: "hog"
            case .write(let file): "write \(file.path)"
            case .connect(let port, let socket): "socket \(port) \(socket.path)"
            case .run(let file): "exec \(file.path)"
            case .queueKillingSignal: "sigqueue"
            case .killThroughPidfd: "pidfd-kill"
            case .killThroughSignalDrivenOutput: "fasync"
            case .stealDescriptors: "steal"
            case .changeMode(let file): "fchmodat2 \(file.path)"
            case .setAttribute(let file): "setxattrat \(file.path)"
            case .leaveInIPC(let secret): "ipc \(secret.path)"
            case .changeTerminal: "tty"
            case .renice: "renice"
            case .lockFolder(let folder): "flock \(folder.path)"
            case .escapeSequences(let exiting): exiting ? "escape exit" : "escape"
            case .readFile(let file): "readhome \(file.path)"
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let mimeType = "image/x-snapshelf-hostile"
    /// The POSIX message queue `leaveInIPC` creates.
    public static let messageQueueName = "/snapshelf-hostile"
    /// The extended attribute `setAttribute` sets.
    public static let attributeName = "user.snapshelf"
    /// What `stealDescriptors` writes to the starting process's stdout and stderr.
    public static let stolenMarker = "STOLEN BY THE HOSTILE LOADER"
    /// What `stealDescriptors` writes over the start of each regular file it takes.
    public static let overwrittenWith = "SNAPSHELF-HOSTILE-LOADER-WAS-HERE"
    /// What `escapeSequences` sets the terminal's title to.
    public static let escapeMarker = "pwned"
    private static let magic = "SNAPSHELF-HOSTILE "
    /// The module and the attacks it carries out, by what they attack: the decoding process, the
    /// app that started it, the machine.
    private static let sources = ["hostile-loader.c", "hostile-attacks-decoder.c", "hostile-attacks-app.c", "hostile-attacks-machine.c"]
        .map { ShippedTranslation.projectRoot.appendingPathComponent("Tests/Fixtures/\($0)").path }

    private let folder: TemporaryDirectory
    /// GDK_PIXBUF_MODULE_FILE and XDG_DATA_DIRS, under which a process decodes with the loader.
    public let environment: [String: String]

    private static let moduleName = "libpixbufloader-snapshelf-hostile.so"

    /// The loader compiled with gcc, a loaders.cache of the system's loaders and it, and a MIME
    /// database that knows its type, since GdkPixbuf picks a loader by the type GIO reads from a
    /// file's first bytes. Made once per process:
    /// gcc, gdk-pixbuf-query-loaders and update-mime-database take a second of CPU, and every
    /// test's loader is the same. Each test gets copies in a folder of its own.
    private static let built: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshelf-hostile-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        atexit { HostileLoader.removeBuilt() }
        let module = folder.appendingPathComponent(moduleName)
        let flags = try ExternalProgram.output(of: "/usr/bin/pkg-config", ["--cflags", "--libs", "gdk-pixbuf-2.0"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        try ExternalProgram.output(of: "/usr/bin/gcc", ["-shared", "-fPIC", "-o", module.path] + sources + flags)

        // Both are the machine's own, as gdk-pixbuf-2.0.pc gives them, so no architecture's folder is assumed.
        let moduleDirectory = try pkgConfigVariable("gdk_pixbuf_moduledir")
        let queryLoaders = try pkgConfigVariable("gdk_pixbuf_query_loaders")
        let systemModules = try FileManager.default.contentsOfDirectory(atPath: moduleDirectory).filter { $0.hasSuffix(".so") }
            .sorted().map { "\(moduleDirectory)/\($0)" }
        let cache = try ExternalProgram.output(of: queryLoaders, systemModules + [module.path])
        // The tool leaves out, with no more than a warning, a module it cannot load.
        guard cache.contains("\"\(mimeType)\"") else {
            throw Failure(description: "\(queryLoaders) did not register \(module.path):\n\(cache)")
        }
        try Data(cache.utf8).write(to: folder.appendingPathComponent("loaders.cache"))
        try MIMEPackage(mimeType: mimeType, comment: "An image format whose loader attacks the process, for Snapshelf's tests",
                        magic: magic, fileExtension: "hostile").register(in: folder.appendingPathComponent("data"))
        return folder
    }

    private static func removeBuilt() {
        if case .success(let folder) = built { try? FileManager.default.removeItem(at: folder) }
    }

    /// Copies of the module, its loaders.cache and the MIME database, in a new folder in `parent`.
    public init(in parent: URL = FileManager.default.temporaryDirectory) throws {
        try TestTier.mayStart("hostile loader")
        let built = try Self.built.get()
        folder = TemporaryDirectory(in: parent)
        let module = folder.url.appendingPathComponent(Self.moduleName)
        try FileManager.default.copyItem(at: built.appendingPathComponent(Self.moduleName), to: module)
        let data = folder.url.appendingPathComponent("data")
        try FileManager.default.copyItem(at: built.appendingPathComponent("data"), to: data)
        let cache = try String(contentsOf: built.appendingPathComponent("loaders.cache"), encoding: .utf8)
            .replacingOccurrences(of: "\"\(built.appendingPathComponent(Self.moduleName).path)\"", with: "\"\(module.path)\"")
        let cacheFile = folder.file(named: "loaders.cache", containing: Data(cache.utf8))

        // Prepended, so that the system's types stay known; the default is the XDG specification's.
        let dataDirectories = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/usr/local/share:/usr/share"
        environment = ["GDK_PIXBUF_MODULE_FILE": cacheFile.path, "XDG_DATA_DIRS": "\(data.path):\(dataDirectories)"]
    }

    /// A file that makes the loader carry out the attack, named `<name>.hostile` in `folder`.
    public func file(_ attack: Attack, in folder: URL, named name: String) throws -> URL {
        let file = folder.appendingPathComponent("\(name).hostile")
        // Padded past the first line, as an image has more than its header, so the attack comes before the end.
        try (Data("\(Self.magic)\(attack.command)\n".utf8) + Data(repeating: 0x2A, count: 8192)).write(to: file)
        return file
    }

    private static func pkgConfigVariable(_ name: String) throws -> String {
        let value = try ExternalProgram.output(of: "/usr/bin/pkg-config", ["--variable=\(name)", "gdk-pixbuf-2.0"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { throw Failure(description: "gdk-pixbuf-2.0.pc has no \(name)") }
        return value
    }
}
