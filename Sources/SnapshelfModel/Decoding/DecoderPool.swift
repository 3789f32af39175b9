// Every decode of an image, and every read of an outside file's metadata, goes to a small pool
// of sandboxed decoders: processes kept between files, up to one per core, as glycin keeps, since
// starting a process per image would cost more than many decodes. None runs before a file needs
// one, and each ends once idle a while, so a library whose thumbnails are made costs none. They
// start with the common image loaders alone, and a request beyond those goes to one with all. A
// decoder that crashes, hangs, runs out of memory or is killed fails only the file it was on.
import CGdkPixbuf
import Foundation
import SnapshelfDecoderWire
import SnapshelfPrograms
import Synchronization

final class DecoderPool: Sendable {
    /// An image as a decoder sent it, with the size its file declares.
    struct DecodedImage {
        let thumbnail: Thumbnail
        let storedWidth: Int
        let storedHeight: Int
        /// GdkPixbuf's name for the format the decoder found the file to be in.
        let format: String
    }

    static let shared = DecoderPool()

    /// How long one request may take before its decoder is killed; SNAPSHELF_DECODE_TIMEOUT
    /// (in seconds) changes it, as the tests of a decoder that hangs do.
    let timeout: Duration
    let capacity: Int
    /// How long a decoder waits idle before it ends; SNAPSHELF_DECODER_IDLE (in seconds, with a
    /// fraction) changes it, as the tests of the decoders' ends do.
    let idleLimit: Duration
    /// The address space each decoder may take beyond what it starts with.
    let addressSpaceBudget: Int
    private let executable: String?
    /// The decoders' environment, "NAME=value" each; nil passes on the app's own.
    private let decoderEnvironment: [String]?
    /// One permit per decoder the pool may run: a request holds one while it is at a decoder, or
    /// starting one. A new decoder starts only when none with the readers needed is idle, and
    /// makes room (`DecoderRoster`), so no more than `capacity` run.
    private let slots: DispatchSemaphore
    private let roster = Mutex(DecoderRoster())

    /// The most requests that were at a decoder at once, each at its own.
    var mostAtOnce: Int { roster.withLock { $0.mostBusy } }

    /// A pool of up to `capacity` decoders. They get the app's environment, which holds the
    /// GdkPixbuf configuration they honour (GDK_PIXBUF_MODULE_FILE, XDG_DATA_DIRS), unless
    /// `decoderEnvironment` is given.
    init(capacity: Int = ProcessInfo.processInfo.activeProcessorCount, decoderEnvironment: [String: String]? = nil) {
        self.capacity = max(1, capacity)
        slots = DispatchSemaphore(value: self.capacity)
        self.decoderEnvironment = decoderEnvironment.map { $0.map { "\($0.key)=\($0.value)" } }
        let environment = decoderEnvironment ?? ProcessInfo.processInfo.environment
        let seconds = environment["SNAPSHELF_DECODE_TIMEOUT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 20
        timeout = .seconds(seconds)
        let idle = environment["SNAPSHELF_DECODER_IDLE"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
        idleLimit = idle.map { .milliseconds(Int($0 * 1000)) } ?? DecoderLaunch.idleLimit
        // 3 GiB holds a 300-megapixel image decoded whole, with room for the loader's own buffers;
        // together the decoders stay within most of the memory free, so none wakes the OOM killer.
        let available = Self.availableMemory() ?? (8 << 30)
        addressSpaceBudget = max(512 << 20, min(3 << 30, available * 4 / 5 / self.capacity))
        executable = CompanionProgram.decoder.path
    }

    /// Decodes the file at `url`, which may be named in bytes that are no UTF-8, to fit a square
    /// of `side` pixels, upright.
    func image(of url: URL, fittingIn side: Int) throws(DecodingFailure) -> DecodedImage {
        try withFile(at: url) { (descriptor, path) throws(DecodingFailure) in try image(from: descriptor, path: path, fittingIn: side) }
    }

    /// Reads the metadata of the file at `url`.
    func tags(of url: URL) throws(DecodingFailure) -> PhotoTags {
        try withFile(at: url) { (descriptor, path) throws(DecodingFailure) in try tags(from: descriptor, path: path) }
    }

    /// Opens the file for a decoder, only a regular file and never blocking nor taking a
    /// terminal, and closes it afterwards; why not, when it cannot be opened.
    private func withFile<T>(at url: URL, _ body: (Int32, String) throws(DecodingFailure) -> T) throws(DecodingFailure) -> T {
        let name = FileName(url: url)
        switch OpenFile.openRegular(name) {
        case .success(let file):
            // Kept until the body is done with its descriptor, which closes with it.
            defer { withExtendedLifetime(file) {} }
            return try body(file.descriptor, name.text)
        case .failure(let failure): throw DecodingFailure(url: url, reason: .undecodable(failure.description))
        }
    }

    /// Decodes the open file to fit a square of `side` pixels, upright.
    func image(from descriptor: Int32, path: String, fittingIn side: Int, maximumPixels: Int = .max) throws(DecodingFailure) -> DecodedImage {
        let side = max(1, side)
        let (reply, payload) = try run(.image(fittingIn: side, maximumPixels: maximumPixels), passing: descriptor, path: path,
                                       maximumPayload: (side * 4 + 16) * side)
        switch reply {
        case .image(let layout):
            guard let payload, let expected = layout.byteCount, payload.count >= expected, max(layout.width, layout.height) <= side,
                  (1...8).contains(layout.orientation) else {
                payload?.deallocate()
                throw DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
            }
            return DecodedImage(thumbnail: Thumbnail(upright: Self.pixbuf(taking: payload, layout), orientation: layout.orientation),
                                storedWidth: layout.storedWidth, storedHeight: layout.storedHeight, format: layout.format)
        case .refused(let refusal):
            payload?.deallocate()
            throw Self.failure(refusal, path: path)
        case .tags, .facts, .heifXMPLocation:
            payload?.deallocate()
            throw DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
        }
    }

    /// Reads the open file's metadata.
    func tags(from descriptor: Int32, path: String) throws(DecodingFailure) -> PhotoTags {
        let (reply, payload) = try run(.tags, passing: descriptor, path: path, maximumPayload: 0)
        payload?.deallocate()
        switch reply {
        case .tags(let tags): return tags.cleaned()
        case .refused(let refusal): throw Self.failure(refusal, path: path)
        case .image, .facts, .heifXMPLocation: throw DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
        }
    }

    /// What a decoder learns of the open file's content; `name` tells its type where its bytes do not.
    func facts(from descriptor: Int32, path: String, name: String) throws(DecodingFailure) -> PhotoFacts {
        let (reply, payload) = try run(.facts(name: name), passing: descriptor, path: path, maximumPayload: 0)
        payload?.deallocate()
        switch reply {
        case .facts(var facts):
            facts.contentType = DecoderText.clean(facts.contentType)
            facts.tags = facts.tags?.cleaned()
            facts.tagsProblem = facts.tagsProblem.map { DecoderText.clean($0) }
            return facts
        case .refused(let refusal): throw Self.failure(refusal, path: path)
        case .image, .tags, .heifXMPLocation: throw DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
        }
    }

    /// Where the open HEIF's or AVIF's own XMP item is located, when it has one an export can move.
    func heifXMPLocation(from descriptor: Int32, path: String) throws(DecodingFailure) -> HEIFXMPLocation? {
        let (reply, payload) = try run(.heifXMPLocation, passing: descriptor, path: path, maximumPayload: 0)
        payload?.deallocate()
        switch reply {
        case .heifXMPLocation(let location): return location
        case .refused(let refusal): throw Self.failure(refusal, path: path)
        case .image, .tags, .facts: throw DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
        }
    }

    /// The decoder's refusal in its own words, which are only data: see DecoderText.
    private static func failure(_ refusal: DecoderRefusal, path: String) -> DecodingFailure {
        switch refusal {
        case .undecodable(let detail): DecodingFailure(path: path, reason: .undecodable(DecoderText.clean(detail)))
        case .tooManyPixels(let width, let height): DecodingFailure(path: path, reason: .tooManyPixels(width: width, height: height))
        case .unreadable(let detail): DecodingFailure(path: path, reason: .unreadable(DecoderText.clean(detail)))
        // Only a decoder with the common image loaders may say so, and the request then goes to one with every loader.
        case .formatNotLoaded: DecodingFailure(path: path, reason: DecoderEnding.unreadableAnswer)
        }
    }

    /// A pixbuf over the received pixels, which it frees when it goes.
    private static func pixbuf(taking pixels: UnsafeMutableRawBufferPointer, _ layout: DecodedLayout) -> OpaquePointer {
        let release: GdkPixbufDestroyNotify = { pixels, _ in UnsafeMutableRawPointer(pixels)?.deallocate() }
        return gdk_pixbuf_new_from_data(pixels.baseAddress!.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB,
                                        layout.hasAlpha ? 1 : 0, 8, Int32(layout.width), Int32(layout.height),
                                        Int32(layout.rowstride), release, nil)
    }

    /// Runs the request on an idle decoder, or a new one. A decoder that had ended on its own
    /// (idle, or retiring) before it saw the request is replaced and the request sent again: a
    /// few times, since on a busy machine the next one can end as the request comes too, when
    /// decoders wait idle only milliseconds; a decoder that always ends at once still fails.
    /// Only images go to a decoder with the common image loaders; one that none of them reads goes
    /// to one with every reader, as every other request does.
    private func run(_ request: DecoderRequest, passing descriptor: Int32, path: String,
                     maximumPayload: Int) throws(DecodingFailure) -> (DecoderReply, UnsafeMutableRawBufferPointer?) {
        var retries = 0
        var readers: DecoderLaunch.Readers = request.isImage ? .commonImages : .all
        while true {
            let decoder = try take(path: path, needing: readers)
            do throws(DecoderProcess.End) {
                let answer = try decoder.exchange(request, passing: descriptor, maximumPayload: maximumPayload,
                                                  deadline: .now + timeout)
                switch (answer.0, request) {
                case (.refused(.formatNotLoaded), _) where decoder.readers == .commonImages:
                    // No loader of its own recognized the file, so none of them read it: the decoder stays.
                    answer.1?.deallocate()
                    give(back: decoder)
                    readers = .all
                    continue
                case (.refused, .image):
                    // An image a loader failed on may have been made to take the decoder over: it
                    // gets no other file. (Exiv2 refuses the many formats it lacks, so tags may fail.)
                    decoder.stop()
                    give(back: nil)
                default:
                    give(back: decoder)
                }
                return answer
            } catch {
                give(back: nil)
                if case .exited(0) = error, retries < 3 {
                    retries += 1
                    continue
                }
                throw DecodingFailure(path: path, reason: DecoderEnding.reason(error, errors: decoder.errorTail, limit: timeout, killsBefore: decoder.outOfMemoryKillsAtStart))
            }
        }
    }

    /// An idle decoder with the readers, or a new one when none is; waits while `capacity`
    /// requests are at decoders.
    private func take(path: String, needing needed: DecoderLaunch.Readers) throws(DecodingFailure) -> DecoderProcess {
        slots.wait()
        let readers: DecoderLaunch.Readers
        switch roster.withLock({ $0.admit(needing: needed, capacity: capacity) }) {
        case .idle(let decoder): return decoder
        case .start(let starting): readers = starting
        }
        guard let executable else {
            give(back: nil)
            throw DecodingFailure(path: path, reason: .decoderMissing)
        }
        do throws(DecoderSpawnFailure) {
            return try DecoderProcess(executable: executable, environment: decoderEnvironment,
                                      addressSpaceBudget: addressSpaceBudget, cpuSeconds: Int(timeout.components.seconds) + 1,
                                      idleLimit: idleLimit, readers: readers)
        } catch {
            give(back: nil)
            throw DecodingFailure(path: path, reason: .decoderUnavailable(String(cString: strerror(error.errno))))
        }
    }

    /// Returns a decoder that can take more work, or nil for one that is gone, and the request's slot.
    private func give(back decoder: DecoderProcess?) {
        decoder?.idleSince = .now
        let schedulesReaping = roster.withLock { $0.release(decoder) }
        slots.signal()
        guard schedulesReaping else { return }
        // A decoder left idle ends itself; it is reaped soon after, not left a zombie until the next file.
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.dispatchTime(idleLimit + .seconds(1))) { [self] in
            reapEnded()
        }
    }

    /// Lets go of the idle decoders that have ended, reaping them, and of those that should have
    /// ended by now and did not, killing them: a decoder taken over could otherwise spend its CPU
    /// allowance in a thread of its own long after its last file.
    private func reapEnded() {
        let again = roster.withLock { $0.reap(idleSince: ContinuousClock.now - idleLimit - .seconds(5)) }
        // Those still idle end later; look again then.
        if again {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.dispatchTime(min(idleLimit, .seconds(5)))) { [self] in
                reapEnded()
            }
        }
    }

    private static func dispatchTime(_ duration: Duration) -> DispatchTimeInterval {
        .milliseconds(Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000))
    }

    private static func availableMemory() -> Int? {
        guard let info = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }
}
