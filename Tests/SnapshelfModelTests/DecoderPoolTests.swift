// The pool of sandboxed decoders, with the hostile loader registered for its decoders only: a
// decoder that crashes, hangs or is killed costs only its file, the next file gets a new one,
// and every decoder runs locked down.
import CLinux
import Foundation
@testable import SnapshelfModel
import SnapshelfTestSupport
import Synchronization
import XCTest

final class DecoderPoolTests: XCTestCase {
    private var hostile: HostileLoader!
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        try SamplePhotos.requirePresent()
        hostile = try HostileLoader()
        scratch = TemporaryDirectory()
    }

    override func tearDown() {
        hostile = nil
        scratch = nil
    }

    private func pool(capacity: Int, timeout: Int = 20, idleSeconds: Int? = nil) -> DecoderPool {
        var environment = ProcessInfo.processInfo.environment.merging(hostile.environment) { $1 }
        environment["SNAPSHELF_DECODE_TIMEOUT"] = String(timeout)
        environment["SNAPSHELF_DECODER_IDLE"] = idleSeconds.map(String.init)
        return DecoderPool(capacity: capacity, decoderEnvironment: environment)
    }

    private static func decode(_ url: URL, in pool: DecoderPool) throws(DecodingFailure) -> DecoderPool.DecodedImage {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        return try pool.image(from: descriptor, path: url.path, fittingIn: 64)
    }

    private func reason(decoding url: URL, in pool: DecoderPool) -> DecodingFailure.Reason? {
        do {
            _ = try Self.decode(url, in: pool)
            return nil
        } catch {
            return error.reason
        }
    }

    func testAFileThatCrashesItsDecoderFailsAloneAndTheNextFileGetsANewDecoder() throws {
        let pool = pool(capacity: 1)
        let photo = SamplePhotos.landscape(orientation: 1)
        XCTAssertEqual(try Self.decode(photo, in: pool).storedWidth, try Self.decode(photo, in: pool).storedWidth)
        let first = try XCTUnwrap(decoders().first)
        let crash = try hostile.file(.crash, in: scratch.url, named: "crash.hostile")
        XCTAssertEqual(reason(decoding: crash, in: pool), .decoderCrashed(.signal("segmentation fault")), "the crash was not told as one")
        XCTAssertFalse(isRunning(first), "the crashed decoder was not reaped")
        let image = try Self.decode(photo, in: pool)
        XCTAssertGreaterThan(image.thumbnail.width, 0)
        XCTAssertEqual(decoders().count, 1, "one decoder, the replacement")
        XCTAssertNotEqual(decoders().first, first)
    }

    func testADecoderThatHangsIsKilledAtTheLimitAndReplaced() throws {
        let pool = pool(capacity: 1, timeout: 2)
        let spin = try hostile.file(.spin, in: scratch.url, named: "spin.hostile")
        let started = ContinuousClock.now
        XCTAssertEqual(reason(decoding: spin, in: pool), .decoderTimedOut(.seconds(2)))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
        XCTAssertNoThrow(try Self.decode(SamplePhotos.landscape(orientation: 6), in: pool))
    }

    func testADecoderKilledFromOutsideIsReplacedWhetherIdleOrBusy() throws {
        let pool = pool(capacity: 1, timeout: 10)
        let photo = SamplePhotos.portrait(orientation: 3)
        _ = try Self.decode(photo, in: pool)
        let idle = try XCTUnwrap(decoders().first)
        kill(idle, SIGKILL)
        // Until it is a zombie: while it dies, its /proc entry already hides what isRunning reads.
        while let state = ProcessEntry(idle)?.state, state != "Z" { usleep(10_000) }
        XCTAssertNoThrow(try Self.decode(photo, in: pool), "a decoder killed while idle was used again")

        let spin = try hostile.file(.spin, in: scratch.url, named: "spin.hostile")
        let file = moduleFile
        let killer = Thread {
            // Killed once busy: holding the file it was handed, which it then spins on for ever.
            var busy: [pid_t] = []
            _ = ThreadTask.wait {
                busy = Self.decoders(using: file).filter { Self.holds(spin.resolvingSymlinksInPath(), $0) }
                return !busy.isEmpty
            }
            busy.forEach { kill($0, SIGKILL) }
        }
        killer.start()
        XCTAssertEqual(reason(decoding: spin, in: pool), .decoderKilled)
        XCTAssertNoThrow(try Self.decode(photo, in: pool))
    }

    func testSeveralDecodersWorkAtOnceUpToTheCapacity() throws {
        let pool = pool(capacity: 2, timeout: 60)
        // A decoder spinning on its file stays busy until it is killed: the photos decoded
        // meanwhile can only go to a second decoder, whatever the timing of the threads.
        let spin = try hostile.file(.spin, in: scratch.url, named: "spin.hostile")
        let spinning = Thread { _ = try? Self.decode(spin, in: pool) }
        spinning.start()
        // At a decoder with every loader, which the file reaches after one with the common ones.
        let deadline = ContinuousClock.now + .seconds(10)
        while !decoders().contains(where: { (try? Self.loaders(of: $0).contains("snapshelf-hostile")) == true })
            && ContinuousClock.now < deadline { usleep(10_000) }
        let photos = (1...8).map { SamplePhotos.landscape(orientation: $0) }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            if (try? Self.decode(photos[index % photos.count], in: pool)) == nil { failures.withLock { $0 += 1 } }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        XCTAssertEqual(pool.mostAtOnce, 2, "the photos did not go to a second decoder while the first was busy")
        XCTAssertLessThanOrEqual(decoders().count, 2)
        decoders().forEach { kill($0, SIGKILL) }
        while !spinning.isFinished { usleep(10_000) }
    }

    func testDecodersStartWithTheCommonLoadersAndAFileBeyondThemGoesToOneWithEvery() throws {
        let pool = pool(capacity: 1)
        let photo = SamplePhotos.landscape(orientation: 1)
        _ = try Self.decode(photo, in: pool)
        let common = try XCTUnwrap(decoders().first)
        let beyond = try Self.loaders(of: common).filter { !Self.commonLoaders.contains($0) }
        XCTAssertEqual(beyond, [], "a JPEG's decoder loaded loaders beyond the common ones, such as SVG's or HEIF's")
        let mapped = try Self.mappedFiles(of: common)
        ["libgexiv2", "libheif", "libcrypto"].forEach { library in XCTAssertFalse(mapped.contains { $0.hasPrefix(library) }, "a JPEG's decoder loaded \(library)") }
        // The hostile format is one no common loader reads: its file must still reach its loader.
        let crash = try hostile.file(.crash, in: scratch.url, named: "crash.hostile")
        XCTAssertEqual(reason(decoding: crash, in: pool), .decoderCrashed(.signal("segmentation fault")),
                       "the file did not reach a decoder with its format's loader")
        XCTAssertFalse(isRunning(common), "the decoder with the common loaders stayed beside one with every loader, beyond the capacity")
        // Such a file changes nothing for the next: decoders still start with the common loaders.
        _ = try Self.decode(photo, in: pool)
        let next = try XCTUnwrap(decoders().first)
        XCTAssertFalse(try Self.loaders(of: next).contains("snapshelf-hostile"), "the next decoder started with every loader")
        XCTAssertEqual(decoders().count, 1)
    }

    func testMetadataGoesStraightToADecoderWithExiv2AndLibheif() throws {
        let pool = pool(capacity: 2)
        let photo = SamplePhotos.landscape(orientation: 6)
        let descriptor = open(photo.path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let facts = try pool.facts(from: descriptor, path: photo.path, name: photo.lastPathComponent)
        XCTAssertEqual(facts.contentType, "image/jpeg")
        XCTAssertNil(facts.tagsProblem)
        XCTAssertNotNil(facts.tags, "no tags, which Exiv2 reads")
        let decoder = try XCTUnwrap(decoders().first)
        let mapped = try Self.mappedFiles(of: decoder)
        XCTAssertTrue(mapped.contains { $0.hasPrefix("libgexiv2") }, "the facts came from a decoder without Exiv2")
        XCTAssertTrue(mapped.contains { $0.hasPrefix("libheif") }, "the facts came from a decoder without libheif")
        XCTAssertFalse(mapped.contains { $0.hasPrefix("libcrypto") }, "a decoder loaded libcrypto, which only hashing needs")
        XCTAssertEqual(decoders().count, 1, "the facts went to a decoder with the common image loaders first")
        XCTAssertEqual(try Self.decode(photo, in: pool).thumbnail.orientation, 6)
        XCTAssertEqual(decoders(), [decoder], "the image went to a new decoder, not to the idle one with every reader")
    }

    func testAWebPsOrientationIsReadByADecoderWithExiv2() throws {
        let pool = pool(capacity: 2)
        let samples = try FormatSamples(in: scratch.url, from: SamplePhotos.landscape(orientation: 6))
        let webp = try samples.encoded("cwebp", ["-quiet", "-metadata", "exif", samples.source.path, "-o"], "webp")
        // Only the EXIF chunk, which Exiv2 reads, says the picture is stored sideways.
        XCTAssertEqual(try Self.decode(webp, in: pool).thumbnail.orientation, 6)
        XCTAssertTrue(try decoders().contains { try Self.mappedFiles(of: $0).contains { $0.hasPrefix("libgexiv2") } },
                      "no decoder with Exiv2 read the WebP")
    }

    func testAFileACommonLoaderCallsOfUnknownTypeFailsThereAndItsDecoderIsStopped() throws {
        let pool = pool(capacity: 2, idleSeconds: 600)
        // A TGA of a type its loader does not read: the loader parses the header, then gives the
        // error GdkPixbuf gives a file no loader recognizes. It failed all the same.
        let file = scratch.url.appendingPathComponent("interlaced.tga")
        try Data([0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 4, 0, 8, 0xC0] + [UInt8](repeating: 0, count: 16)).write(to: file)
        guard case .undecodable(let detail) = reason(decoding: file, in: pool) else {
            return XCTFail("the TGA was not refused as undecodable")
        }
        XCTAssertTrue(detail.contains("TGA"), detail)
        XCTAssertEqual(decoders(), [], "a decoder whose loader failed on the file was kept for other files")
        _ = try Self.decode(SamplePhotos.landscape(orientation: 1), in: pool)
        let next = try XCTUnwrap(decoders().first)
        XCTAssertFalse(try Self.loaders(of: next).contains("snapshelf-hostile"), "the TGA made the next decoders start with every loader")
    }

    /// The loaders GdkPixbuf ships, which decoders for images may map (PNG's and JPEG's may be modules).
    private static let commonLoaders: Set<String> = ["png", "jpeg", "gif", "tiff", "bmp", "ico", "ani", "pnm", "tga", "xbm", "xpm", "qtif", "icns"]

    /// The loaders the process maps, by their modules' names: "svg" for libpixbufloader-svg.so.
    private static func loaders(of pid: pid_t) throws -> Set<String> {
        Set(try mappedFiles(of: pid).compactMap { file -> String? in
            guard file.hasPrefix("libpixbufloader-"), file.hasSuffix(".so") else { return nil }
            return String(file.dropFirst("libpixbufloader-".count).dropLast(".so".count))
        })
    }

    /// The names of the files the process maps, read to the end: /proc gives its files no size.
    private static func mappedFiles(of pid: pid_t) throws -> Set<String> {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in line.contains("/") ? line.split(separator: "/").last.map(String.init) : nil })
    }

    func testEveryDecoderIsLockedDownBeforeItReadsAnything() throws {
        // One left open across exec, as a careless library might leave its display's connection.
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let pool = pool(capacity: 1)
        _ = try Self.decode(SamplePhotos.landscape(orientation: 1), in: pool)
        let decoder = try XCTUnwrap(decoders().first)
        let status = try String(contentsOfFile: "/proc/\(decoder)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        // 2 is seccomp's filter mode.
        XCTAssertTrue(status.contains("Seccomp:\t2"), status)
        let limits = try String(contentsOfFile: "/proc/\(decoder)/limits", encoding: .utf8)
        let space = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max address space") })
        XCTAssertFalse(space.contains("unlimited"), String(space))
        let cpu = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max cpu time") })
        XCTAssertFalse(cpu.contains("unlimited"), String(cpu))
        // A session of its own, so no controlling terminal; and while it runs, this process,
        // the app, can be traced or have its descriptors taken by no process of its user.
        let entry = try XCTUnwrap(ProcessEntry(decoder))
        XCTAssertEqual(entry.session, decoder, "the decoder does not lead its own session")
        XCTAssertEqual(entry.terminal, 0, "the decoder has a controlling terminal")
        XCTAssertEqual(Self.isDumpable(), false, "the app can be traced while it holds decoders")
        // Between files it holds only /dev/null for input and output, its stderr pipe and its socket.
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(decoder)/fd").compactMap { Int($0) }.sorted()
        XCTAssertEqual(descriptors, [0, 1, 2, 3])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(decoder)/fd/1"), "/dev/null")
    }

    func testADecoderOutlivesTheThreadThatStartedIt() throws {
        // The kernel ends a decoder with the thread that started it; a worker thread ends when idle.
        let pool = pool(capacity: 1)
        let photo = SamplePhotos.landscape(orientation: 1)
        let started = Mutex<pid_t?>(nil)
        let tid = Mutex<ThreadTask?>(nil)
        let file = moduleFile
        let worker = Thread {
            tid.withLock { $0 = ThreadTask.current }
            _ = try? Self.decode(photo, in: pool)
            started.withLock { $0 = Self.decoders(using: file).first }
        }
        worker.start()
        let deadline = ContinuousClock.now + .seconds(10)
        while !worker.isFinished && ContinuousClock.now < deadline { usleep(10_000) }
        let first = try XCTUnwrap(started.withLock { $0 }, "no decoder ran")
        // Once the kernel has ended the thread, a decoder tied to it has had its SIGKILL: it is
        // then pending, or the decoder is gone.
        let asker = try XCTUnwrap(tid.withLock { $0 })
        XCTAssertTrue(ThreadTask.wait { !asker.exists }, "the thread that asked never ended")
        XCTAssertTrue(isRunning(first), "the decoder died with the thread that asked for it")
        XCTAssertFalse(Self.isKillPending(first), "the decoder is being killed with the thread that asked for it")
        XCTAssertNoThrow(try Self.decode(photo, in: pool))
        XCTAssertEqual(decoders(), [first])
    }

    /// Whether the process holds the file open: the file a decoder was handed for its request.
    private static func holds(_ file: URL, _ pid: pid_t) -> Bool {
        let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return numbers.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == file.path }
    }

    /// Whether a SIGKILL waits for the process, its own or its thread group's, in /proc's status.
    private static func isKillPending(_ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").contains { line in
            guard line.hasPrefix("SigPnd:") || line.hasPrefix("ShdPnd:"),
                  let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) else { return false }
            return mask & (1 << (SIGKILL - 1)) != 0
        }
    }

    /// PR_GET_DUMPABLE for this process. prctl is variadic, which Swift cannot call, but its
    /// arguments here are all integers, which a plain C signature passes the same way.
    private static func isDumpable() -> Bool? {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return nil }
        return unsafeBitCast(symbol, to: Prctl.self)(PR_GET_DUMPABLE, 0, 0, 0, 0) == 1
    }

    /// The test's own decoders: its children started in the decoder mode with this test's loaders,
    /// which tells them from the shared pool's, serving other tests in the same process.
    private func decoders() -> [pid_t] {
        Self.decoders(using: moduleFile)
    }

    private static func decoders(using moduleFile: String) -> [pid_t] {
        ProcessEntry.children(of: getpid())
            .filter { $0.commandLine.contains("--sandboxed-decoder") && $0.environment.contains(moduleFile) }.map(\.pid)
    }

    private var moduleFile: String { "GDK_PIXBUF_MODULE_FILE=" + (hostile.environment["GDK_PIXBUF_MODULE_FILE"] ?? "") + "\0" }

    private func isRunning(_ pid: pid_t) -> Bool {
        decoders().contains(pid)
    }
}
