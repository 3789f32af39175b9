// A hostile image loader's attacks, set off by the real snapshelf importing a hostile file between
// two good photos: the decoder it runs in may die, hang or hog memory, but only that file may fail,
// and the decoder gets nothing else done: no file written, no connection made, no program run
// (issue 14).
import Foundation
import SnapshelfTestSupport
import XCTest

final class HostileLoaderTests: HostileLoaderTestCase {
    /// Ends a hang in bounded time, killing snapshelf and its process group, so it fails the test
    /// instead of holding up the suite; timeout then exits with 124.
    private static let bounded = ["/usr/bin/timeout", "--kill-after=5", "60"]
    /// A ceiling on address space, so that where no decoder stops the hog, it fails the test at
    /// 4 GiB rather than take the machine's memory. Soft only, which a helper may change.
    private static let memoryCeiling = ["/usr/bin/prlimit", "--as=\(4 << 30):"]
    private let goodPhotos = [SamplePhotos.cameras[0], SamplePhotos.cameras[1]]

    func testACrashingDecoderCostsOnlyItsFile() throws {
        let problem = try importAmongGoodPhotos(.crash, named: "crash")
        XCTAssertTrue(problem.contains("crashed"), problem)
    }

    /// A decoder dies with the app, even one busy for ever on a hostile file, which a closed
    /// socket would not reach and whose CPU limit is a minute away.
    func testADecoderDiesWithTheAppEvenWhenBusy() throws {
        decodeLimit = 60
        let spin = try loader.file(.spin, in: folder.url, named: "spin")
        let app = Process()
        app.executableURL = SnapshelfProcess.executable
        app.arguments = ["--library", library, "import", SamplePhotos.cameras[0].path, spin.path]
        app.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        app.standardError = FileHandle.nullDevice
        try app.run()
        // Busy for good once a decoder holds the file it was handed: it spins on it and never
        // reads its socket again. The app opens the library once the photo before it is read.
        let handed = spin.resolvingSymlinksInPath().path
        var decoder: pid_t?
        var own: [(target: String, flags: Int32)] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while decoder == nil || !own.contains(where: { $0.target.hasSuffix("library.sqlite3") }), ContinuousClock.now < deadline {
            usleep(20_000)
            decoder = ProcessEntry.children(of: app.processIdentifier).first { entry in
                entry.commandLine.contains("--sandboxed-decoder") && Self.descriptors(of: entry.pid).contains { $0.target == handed }
            }?.pid
            own = Self.descriptors(of: app.processIdentifier).filter { $0.target.hasPrefix(folder.url.path) }
        }
        let busy = try XCTUnwrap(decoder, "no decoder took the file")
        // Whatever the app has open of its own, the library and the photo, it never leaves open across exec.
        XCTAssertTrue(own.contains { $0.target.hasSuffix("library.sqlite3") }, "\(own)")
        for descriptor in own {
            XCTAssertNotEqual(descriptor.flags & O_CLOEXEC, 0, "the app holds \(descriptor.target) without O_CLOEXEC")
        }
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        let gone = ContinuousClock.now + .seconds(5)
        while kill(busy, 0) == 0 && ContinuousClock.now < gone { usleep(20_000) }
        XCTAssertNotEqual(kill(busy, 0), 0, "the decoder outlived the app that started it")
    }

    /// What the process has open, and the flags it was opened with, from /proc.
    private static func descriptors(of pid: pid_t) -> [(target: String, flags: Int32)] {
        let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return numbers.compactMap { number in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(number)"),
                  let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(number)", encoding: .utf8),
                  let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") }),
                  let flags = Int32(line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8) else { return nil }
            return (target, flags)
        }
    }

    func testAHangingDecoderIsStoppedAfterTheLimit() throws {
        let started = ContinuousClock.now
        let problem = try importAmongGoodPhotos(.spin, named: "spin")
        XCTAssertTrue(problem.contains("took too long"), problem)
        XCTAssertTrue(problem.contains("more than 3 seconds"), problem)
        // Two decodes of the file at most (its size, then its preview), each stopped after 3 s.
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
    }

    func testADecoderThatHogsMemoryIsStopped() throws {
        // Filling the gigabytes a decoder may have takes longer than a hang's short limit on a busy machine.
        decodeLimit = 20
        let problem = try importAmongGoodPhotos(.hog, named: "hog", through: Self.memoryCeiling)
        XCTAssertTrue(problem.contains("too much memory"), problem)
    }

    func testADecoderCannotWriteFiles() throws {
        let target = folder.url.appendingPathComponent("written-by-the-decoder")
        try importAmongGoodPhotos(.write(target), named: "write")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "the decoder created \(target.path)")
    }

    func testADecoderCannotConnectToSockets() throws {
        let tcp = try ListeningSocket.loopback()
        let unixPath = folder.url.appendingPathComponent("listening.socket")
        let unix = try ListeningSocket.unix(at: unixPath)
        try importAmongGoodPhotos(.connect(port: tcp.port, unixSocket: unixPath), named: "socket")
        XCTAssertFalse(tcp.wasReached, "the decoder connected to 127.0.0.1:\(tcp.port)")
        XCTAssertFalse(unix.wasReached, "the decoder connected to \(unixPath.path)")
    }

    func testADecoderCannotRunPrograms() throws {
        let target = folder.url.appendingPathComponent("touched-by-the-decoder")
        try importAmongGoodPhotos(.run(touching: target), named: "exec")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path), "the decoder ran a shell, which created \(target.path)")
    }

    /// Proves the tests above can fail: where nothing stands between GdkPixbuf and the loader, as in
    /// gdk-pixbuf-thumbnailer, every attack succeeds under the same environment.
    func testTheAttacksSucceedWhereNothingStopsThem() throws {
        let written = folder.url.appendingPathComponent("written")
        XCTAssertEqual(try thumbnail(loader.file(.write(written), in: folder.url, named: "write")).terminationStatus, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: written.path))

        let touched = folder.url.appendingPathComponent("touched")
        XCTAssertEqual(try thumbnail(loader.file(.run(touching: touched), in: folder.url, named: "exec")).terminationStatus, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: touched.path))

        let tcp = try ListeningSocket.loopback()
        let unixPath = folder.url.appendingPathComponent("listening.socket")
        let unix = try ListeningSocket.unix(at: unixPath)
        try thumbnail(loader.file(.connect(port: tcp.port, unixSocket: unixPath), in: folder.url, named: "socket"))
        XCTAssertTrue(tcp.wasReached)
        XCTAssertTrue(unix.wasReached)

        let crashed = try thumbnail(loader.file(.crash, in: folder.url, named: "crash"))
        XCTAssertEqual(crashed.terminationReason, .uncaughtSignal)
        XCTAssertEqual(crashed.terminationStatus, SIGSEGV)
    }

    /// Imports a good photo, the hostile file and another good photo in one command, and checks
    /// what must hold whatever the attack: the command failed, it named the hostile file, and both
    /// photos are in the library. Returns what stderr said about the hostile file.
    @discardableResult
    private func importAmongGoodPhotos(_ attack: HostileLoader.Attack, named name: String, through wrapper: [String] = [],
                                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let hostile = try loader.file(attack, in: folder.url, named: name)
        let outcome = try SnapshelfProcess.run(
            ["--library", library, "import", goodPhotos[0].path, hostile.path, goodPhotos[1].path],
            environment: environment, through: Self.bounded + wrapper
        )
        // Enough of stderr to tell how it ended, without the whole of a crash's backtrace.
        let said = outcome.standardError.prefix(800)
        XCTAssertEqual(outcome.status, 1, "snapshelf import ended so: \(said)", file: file, line: line)
        let problem = outcome.standardError.split(separator: "\n").filter { $0.contains(hostile.path) }.joined(separator: "\n")
        XCTAssertFalse(problem.isEmpty, "stderr does not name \(hostile.path): \(said)", file: file, line: line)
        let listing = try SnapshelfProcess.run(["--library", library, "list", "--json"], environment: environment)
        XCTAssertEqual(try importedNames(listing), goodPhotos.map(\.lastPathComponent).sorted(), file: file, line: line)
        return problem
    }

    /// Runs gdk-pixbuf-thumbnailer on the file under the loader's environment, and returns it ended.
    @discardableResult
    private func thumbnail(_ file: URL) throws -> Process {
        let command = thumbnailer(file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process
    }
}
