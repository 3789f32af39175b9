// Why a file in the library's photo folder is not read as a photo: what another computer sent
// through Syncthing, or anyone who can write the folder left there, is untrusted until it is a
// regular file of a photo's size, holding the content its name gives, that a sandboxed decoder
// reads as an image. SnapshelfMessages words it.
import Foundation

public enum PhotoFileRefusal: Error, Sendable, Equatable {
    /// Something other than a regular file, by its `st_mode`: a link, which is never followed, a
    /// FIFO or a device, which could keep a read waiting or act on a device, a socket or a folder.
    case notRegular(mode: mode_t)
    /// Larger than any photo may be (`PhotoCandidate.maximumBytes`).
    case tooLarge(bytes: Int)
    /// `bytes` long, of which only `stored` are on the disk: mostly holes, which no photo has,
    /// and which would cost a read of the whole length to hash.
    case sparse(bytes: Int, stored: Int)
    /// Its content is not the one its name gives.
    case otherContent
    /// No sandboxed decoder could read it as an image.
    case undecodable
    /// The system would not let it be read, for this errno.
    case unreadable(errno: Int32)

    /// How the index keeps it: a word, then its numbers, separated by colons.
    var code: String {
        switch self {
        case .notRegular(let mode): "special:\(mode)"
        case .tooLarge(let bytes): "large:\(bytes)"
        case .sparse(let bytes, let stored): "sparse:\(bytes):\(stored)"
        case .otherContent: "content"
        case .undecodable: "decoding"
        case .unreadable(let code): "unreadable:\(code)"
        }
    }

    /// The refusal the index kept as `code`; nil for one it could not have written.
    init?(code: String) {
        let parts = code.split(separator: ":").map(String.init)
        let numbers = parts.dropFirst().compactMap { Int($0) }
        guard numbers.count == parts.count - 1 else { return nil }
        switch (parts.first, numbers.count) {
        case ("special", 1): guard let mode = mode_t(exactly: numbers[0]) else { return nil }; self = .notRegular(mode: mode)
        case ("large", 1): self = .tooLarge(bytes: numbers[0])
        case ("sparse", 2): self = .sparse(bytes: numbers[0], stored: numbers[1])
        case ("content", 0): self = .otherContent
        case ("decoding", 0): self = .undecodable
        case ("unreadable", 1): guard let code = Int32(exactly: numbers[0]) else { return nil }; self = .unreadable(errno: code)
        default: return nil
        }
    }
}
