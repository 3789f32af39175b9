// How the app starts a sandboxed decoder: the snapshelf executable again, in a hidden mode named
// by its first argument, with its socket to the app as a known descriptor. Both sides read it.
import Foundation

package enum DecoderLaunch {
    /// The argument that starts the hidden mode; people never type it.
    package static let flag = "--sandboxed-decoder"
    /// The descriptor of the socket to the app, in the decoder.
    package static let socket: Int32 = 3
    /// A decoder with nothing to do for this long ends, as glycin's do after 30 s, giving its
    /// memory back: sooner, since a grid's thumbnails come in bursts, and starting one costs a
    /// few tens of milliseconds against its megabytes kept.
    package static let idleLimit: Duration = .seconds(10)

    /// What a decoder reads files with, loaded before it locks down, which is all it can use
    /// after. Each library maps into every decoder that loads it: the SVG, HEIF and AVIF loaders
    /// bring librsvg and the video codecs, about 6 MB, and Exiv2 and libheif 1 to 2 MB more, which
    /// the thumbnails of photos in the usual formats never need.
    package enum Readers: String, Sendable {
        /// The image loaders GdkPixbuf itself ships, and nothing else: a decoder with these takes
        /// only images, and refuses anything else, and an image none of its loaders recognizes,
        /// as `formatNotLoaded`.
        case commonImages
        /// Every image loader the system has, Exiv2 and libheif.
        case all
    }

    /// What the decoder is told: the app's process, which it dies with, the address space it may
    /// take beyond its start, the CPU seconds one request may take, how long it waits idle, and
    /// what it reads files with.
    package struct Settings: Equatable, Sendable {
        package let parent: pid_t
        package let addressSpaceBudget: Int
        package let cpuSeconds: Int
        package let idleLimit: Duration
        package let readers: Readers
    }

    /// The arguments that start a decoder for this process.
    package static func arguments(addressSpaceBudget: Int, cpuSeconds: Int, idleLimit: Duration, readers: Readers) -> [String] {
        [flag, String(getpid()), String(addressSpaceBudget), String(cpuSeconds), String(milliseconds(idleLimit)), readers.rawValue]
    }

    /// The settings in the arguments, or nil when they do not start a decoder.
    package static func settings(in arguments: [String]) -> Settings? {
        guard arguments.count == 7, arguments[1] == flag, let parent = pid_t(arguments[2]),
              let budget = Int(arguments[3]), let seconds = Int(arguments[4]), let idle = Int(arguments[5]), idle > 0,
              let readers = Readers(rawValue: arguments[6]) else { return nil }
        return Settings(parent: parent, addressSpaceBudget: budget, cpuSeconds: seconds, idleLimit: .milliseconds(idle), readers: readers)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000))
    }
}
