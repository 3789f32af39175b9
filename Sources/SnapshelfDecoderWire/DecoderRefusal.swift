// Why a sandboxed decoder could not do what it was asked, as it says.
import Foundation

package enum DecoderRefusal: Codable, Sendable, Error {
    /// The loader or Exiv2 gave this reason.
    case undecodable(String)
    case tooManyPixels(width: Int, height: Int)
    /// The request came without a file, or with one the decoder could not read.
    case unreadable(String)
    /// A decoder with the common image loaders alone found no loader of its own for the image, or
    /// was asked for something other than an image; one with every reader may do it (see
    /// `DecoderLaunch.Readers`).
    case formatNotLoaded
}
