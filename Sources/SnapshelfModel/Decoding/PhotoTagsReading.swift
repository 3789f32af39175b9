// The app's side of a photo's tags: asked of a sandboxed decoder, and cleaned as its words must be.
import Foundation
import SnapshelfDecoderWire

extension PhotoTags {
    /// The tags with every name in them made one short line of plain text (see DecoderText), as
    /// a decoder's words must be; the titles are left whole for Label's own rules, which remove
    /// the same characters and say so.
    func cleaned() -> PhotoTags {
        changing([\.xmpProblem] + Self.names) { DecoderText.clean($0) }
    }

    /// Reads the tags of the file at `url` in a sandboxed decoder; why not, with Exiv2's words
    /// as an undecodable reason, or the decoder's failure, when they cannot be read.
    static func read(_ url: URL) throws(DecodingFailure) -> PhotoTags {
        try DecoderPool.shared.tags(of: url)
    }

    /// Reads the tags of the open file, which stays open.
    static func read(from descriptor: Int32, path: String) throws(DecodingFailure) -> PhotoTags {
        try DecoderPool.shared.tags(from: descriptor, path: path)
    }
}
