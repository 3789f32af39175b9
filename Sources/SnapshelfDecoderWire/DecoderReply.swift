// What a sandboxed decoder answers a request with; an image's pixels follow its header in the frame.
import Foundation

package enum DecoderReply: Codable, Sendable {
    case image(DecodedLayout)
    case tags(PhotoTags)
    case refused(DecoderRefusal)
}
