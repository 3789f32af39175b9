// A decoder's requests, by name, for `make fuzz`: each takes a file and answers it as a decoder
// would, in the fuzzer's own process, so that a trap is caught with the file that caused it.
import Foundation
import SnapshelfDecoderWire
import SnapshelfModel

package enum DecoderEntryPoints {
    /// Loads what a decoder loads before it reads any file: Exiv2, libheif and every loader.
    package static func start() {
        Metadata.start()
        HEIFLibrary.start()
        PixbufDecoding.load(.all)
    }

    package static let all: [String: @Sendable (Int32) -> Void] = [
        "facts": { descriptor in _ = PhotoFacts(readingFileOpenAs: descriptor, name: "photo") },
        "image": { descriptor in _ = try? PixbufDecoding(descriptor: descriptor, fittingIn: 256, maximumPixels: 50_000_000, loaded: .all) },
        "heif-xmp-location": { descriptor in _ = HEIFXMPLocator.locate(inFileOpenAs: descriptor) },
    ]
}
