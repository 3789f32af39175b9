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

    /// The image loaders a decoder loads before it locks down, which are all it can use after.
    /// Each loader maps its libraries into every decoder that loads it: the SVG, HEIF and AVIF
    /// loaders bring librsvg and the video codecs, about 6 MB, which photos in the usual formats
    /// never need. A decoder with the common loaders refuses the rest as `formatNotLoaded`.
    package enum Loaders: String, Sendable {
        /// The raster loaders GdkPixbuf itself ships, and WebP's.
        case common
        /// Every loader the system has.
        case all
    }

    /// What the decoder is told: the app's process, which it dies with, the address space it may
    /// take beyond its start, the CPU seconds one request may take, how long it waits idle, and
    /// the loaders it loads.
    package struct Settings: Equatable, Sendable {
        package let parent: pid_t
        package let addressSpaceBudget: Int
        package let cpuSeconds: Int
        package let idleLimit: Duration
        package let loaders: Loaders
    }

    /// The arguments that start a decoder for this process.
    package static func arguments(addressSpaceBudget: Int, cpuSeconds: Int, idleLimit: Duration, loaders: Loaders) -> [String] {
        [flag, String(getpid()), String(addressSpaceBudget), String(cpuSeconds), String(milliseconds(idleLimit)), loaders.rawValue]
    }

    /// The settings in the arguments, or nil when they do not start a decoder.
    package static func settings(in arguments: [String]) -> Settings? {
        guard arguments.count == 7, arguments[1] == flag, let parent = pid_t(arguments[2]),
              let budget = Int(arguments[3]), let seconds = Int(arguments[4]), let idle = Int(arguments[5]), idle > 0,
              let loaders = Loaders(rawValue: arguments[6]) else { return nil }
        return Settings(parent: parent, addressSpaceBudget: budget, cpuSeconds: seconds, idleLimit: .milliseconds(idle), loaders: loaders)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000))
    }
}
