// What a sandboxed decoder answers a request with; an image's pixels follow its header in the frame.
import Foundation

package enum DecoderReply: Codable, Sendable {
    case image(DecodedLayout)
    case tags(PhotoTags)
    case facts(PhotoFacts)
    /// Where the XMP item's extent is written, or nil when the file has no such item that can be moved in place.
    case heifXMPLocation(HEIFXMPLocation?)
    case refused(DecoderRefusal)
}
