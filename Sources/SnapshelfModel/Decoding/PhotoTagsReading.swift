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

    /// Reads the tags of the file at `url` in a sandboxed decoder; why not, in Exiv2's words or
    /// the decoder's, when they cannot be read.
    static func read(_ url: URL) throws(Metadata.Failure) -> PhotoTags {
        try reading { () throws(DecodingFailure) in try DecoderPool.shared.tags(of: url) }
    }

    /// Reads the tags of the open file, which stays open.
    static func read(from descriptor: Int32, path: String) throws(Metadata.Failure) -> PhotoTags {
        try reading { () throws(DecodingFailure) in try DecoderPool.shared.tags(from: descriptor, path: path) }
    }

    /// The tags `read` gives, or its failure as a metadata failure: Exiv2's words where it gave them.
    private static func reading(_ read: () throws(DecodingFailure) -> PhotoTags) throws(Metadata.Failure) -> PhotoTags {
        do throws(DecodingFailure) {
            return try read()
        } catch {
            if case .undecodable(let detail) = error.reason { throw Metadata.Failure(description: detail) }
            throw Metadata.Failure(description: error.explanation)
        }
    }
}
