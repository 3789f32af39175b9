// What a sandboxed decoder learns of a photo's content for the app, which reads none of its bytes:
// the type its bytes show, whether the file holds the whole image, when it was taken, and its
// tags. Import, rebuild and the rescan take these facts, as plain values, from the very file the
// app hashes and copies.
import Foundation

package struct PhotoFacts: Codable, Sendable, Equatable {
    /// The content type GIO finds in the file's first bytes, or by its name when they are unclear.
    package var contentType: String
    /// Whether the file ends before the image its structure declares.
    package var isCutOff: Bool
    /// When the photo was taken, as the camera's clock said (EXIF DateTimeOriginal): its fields
    /// read as if they were UTC, in seconds since 1970.
    package var takenClockSeconds: Int64?
    /// How far east of UTC that clock was, in minutes (OffsetTimeOriginal), when the file says.
    package var takenOffsetMinutes: Int?
    /// The titles, camera and the rest; nil when Exiv2 could not read the file, with why.
    package var tags: PhotoTags?
    package var tagsProblem: String?

    package init(contentType: String, isCutOff: Bool) {
        self.contentType = contentType
        self.isCutOff = isCutOff
    }
}
