// What snapshelf-decoder, the executable a DecoderPool starts, does: serve as a sandboxed decoder.
// It locks itself down before reading anything, then answers requests on the socket it was
// given as descriptor 3, one at a time, until the app closes it or it has been idle a while.
import CLinux
import Foundation
import SnapshelfDecoderWire
import SnapshelfModel

public enum DecoderService {
    /// Serves as a decoder and never returns when the arguments ask for it; returns at once otherwise.
    /// Call it first thing, before any thread starts.
    public static func runIfRequested(_ arguments: [String] = CommandLine.arguments) {
        guard let settings = DecoderLaunch.settings(in: arguments) else { return }
        exit(serve(settings))
    }

    /// Says that the executable is the app's to start, and ends: a person who runs it gets a reason.
    public static func refuse() -> Never {
        FileHandle.standardError.write(Data((tr("snapshelf-decoder is Snapshelf's sandboxed decoder; only Snapshelf starts it.") + "\n").utf8))
        exit(2)
    }

    private static func serve(_ settings: DecoderLaunch.Settings) -> Int32 {
        let (parent, addressSpaceBudget, cpuSeconds) = (settings.parent, settings.addressSpaceBudget, settings.cpuSeconds)
        // A session of its own has no controlling terminal, so /dev/tty opens nothing; and it dies
        // with the app's thread that started it, even when busy, where a closed socket would
        // not stop it. An app gone already is not waited for.
        setsid()
        snapshelf_die_with_parent()
        guard getppid() == parent else { return 0 }
        // Its own name in top and ps, told apart from the app's (at most 15 bytes).
        pthread_setname_np(pthread_self(), "shelf-decoder")
        closeInheritedDescriptors()
        // The Swift runtime's crash handler would start a backtracer, which the allow-list
        // forbids: a decoder's crash is only its file's failure, told by the signal.
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT] { Foundation.signal(signal, SIG_DFL) }
        // Warnings are caught per decode and sent back as its reason, never printed.
        GLibLog.route(showingWarnings: false)
        PixbufDecoding.load(settings.readers)
        if settings.readers == .all {
            Metadata.start()
            HEIFLibrary.start()
        }
        do {
            // SNAPSHELF_DECODER_LANDLOCK=off leaves the allow-list alone, as on a kernel without
            // Landlock, so that the tests show what it stops by itself on any kernel.
            let landlock = ProcessInfo.processInfo.environment["SNAPSHELF_DECODER_LANDLOCK"] != "off"
            try DecoderLockdown.apply(addressSpaceBytes: currentAddressSpace() + addressSpaceBudget, landlock: landlock)
        } catch {
            FileHandle.standardError.write(Data("snapshelf decoder: cannot lock down: \(error)\n".utf8))
            return 2
        }
        let encoder = JSONEncoder()
        // It was started for a request on its way, which a busy app may send later than an idle
        // decoder waits: the first wait is longer, lest a new decoder end before its first file.
        var deadline = ContinuousClock.now + settings.idleLimit + .seconds(10)
        while true {
            let frame: DecoderWire.Frame
            do {
                frame = try DecoderWire.receive(on: DecoderLaunch.socket, maximumPayload: 0, deadline: deadline)
            } catch {
                return 0
            }
            let retiring = !DecoderLockdown.allowCPU(forAnother: cpuSeconds)
            let answer = respond(to: frame, loaded: settings.readers)
            if let descriptor = frame.descriptor { close(descriptor) }
            do {
                let header = try encoder.encode(answer.reply)
                try DecoderWire.send(header, payload: answer.image?.pixels, on: DecoderLaunch.socket)
            } catch {
                return 0
            }
            if retiring { return 0 }
            deadline = .now + settings.idleLimit
        }
    }

    private static func respond(to frame: DecoderWire.Frame, loaded: DecoderLaunch.Readers) -> (reply: DecoderReply, image: PixbufDecoding?) {
        guard let request = try? JSONDecoder().decode(DecoderRequest.self, from: frame.header) else {
            return (.refused(.unreadable("the request could not be read")), nil)
        }
        guard let descriptor = frame.descriptor else { return (.refused(.unreadable("no file came with the request")), nil) }
        // Without Exiv2 and libheif, only images: the pool asks a decoder with them for the rest.
        if loaded == .commonImages && !request.isImage {
            return (.refused(.formatNotLoaded), nil)
        }
        switch request {
        case .image(let side, let maximumPixels):
            do throws(DecoderRefusal) {
                let image = try PixbufDecoding(descriptor: descriptor, fittingIn: side, maximumPixels: maximumPixels, loaded: loaded)
                return (.image(image.layout), image)
            } catch {
                return (.refused(error), nil)
            }
        case .tags:
            do throws(Metadata.Failure) {
                return (.tags(try tags(ofFileOpenAs: descriptor)), nil)
            } catch {
                return (.refused(.undecodable(error.description)), nil)
            }
        case .facts(let name):
            return (.facts(PhotoFacts(readingFileOpenAs: descriptor, name: name)), nil)
        case .heifXMPLocation:
            return (.heifXMPLocation(HEIFXMPLocator.locate(inFileOpenAs: descriptor)), nil)
        }
    }

    /// Reads the tags of the open file from a mapping of it.
    private static func tags(ofFileOpenAs descriptor: Int32) throws(Metadata.Failure) -> PhotoTags {
        let file = try MappedFile(descriptor: descriptor)
        return PhotoTags(reading: try Metadata(inMemory: file.bytes), file: file.bytes).truncated()
    }

    /// Closes every descriptor but the standard ones and the socket, should the app have left one
    /// open across exec, such as its display's connection, which a filter on new sockets would
    /// not stop a decoder from using.
    private static func closeInheritedDescriptors() {
        guard close_range(UInt32(DecoderLaunch.socket) + 1, UInt32.max, 0) != 0 else { return }
        // Kernels before 5.9 lack close_range; the open ones are listed in /proc instead.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in open where descriptor > DecoderLaunch.socket {
            close(descriptor)
        }
    }

    /// The address space the process takes before decoding anything: the budget comes on top.
    private static func currentAddressSpace() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").first.flatMap({ Int($0) }) else { return 1 << 30 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
