// One photo in the library: the library's own copy of the file and the label the person gave it.
import Foundation

public struct Photo: Sendable, Hashable {
    /// The database row's identifier; stable for the photo's life in the library.
    public let id: Int64
    /// Any Unicode text, possibly empty, always shown literally.
    public let label: String
    /// The library's copy, never the original the person imported.
    public let fileURL: URL
    /// The file name the photo had when it was imported.
    public let originalName: String
    public let added: Date
    /// When the photo was taken: its EXIF DateTimeOriginal, else the original file's date.
    public let taken: Date
    /// Width and height as displayed, after the EXIF orientation is applied.
    public let width: Int
    public let height: Int

    public init(id: Int64, label: String, fileURL: URL, originalName: String, added: Date, taken: Date? = nil,
                width: Int, height: Int) {
        self.id = id
        self.label = label
        self.fileURL = fileURL
        self.originalName = originalName
        self.added = added
        self.taken = taken ?? added
        self.width = width
        self.height = height
    }
}
