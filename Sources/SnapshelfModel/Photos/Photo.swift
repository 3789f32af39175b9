// One photo in the library: the library's own copy of the file and the label the person gave it.
import Foundation

public struct Photo: Sendable, Hashable {
    /// The database row's identifier; stable for the photo's life in the library.
    public let id: Int64
    /// Any Unicode text, possibly empty, always shown literally.
    public let label: String
    /// The library's copy, never the original the person imported.
    public let fileURL: URL
    /// The file name the photo had when it was imported, as text: U+FFFD stands for bytes that
    /// are not UTF-8. People see `displayName`.
    public let originalName: String
    /// That name byte for byte, which an export gives back.
    public let originalFileName: FileName
    public let added: Date
    /// When the photo was taken: its EXIF DateTimeOriginal, else the original file's date, else
    /// (for a photo imported before dates taken were recorded) when it was added.
    public let taken: TakenDate
    /// When it was taken, nil for a photo imported before dates taken were recorded.
    public let takenIfKnown: TakenDate?
    /// Width and height as displayed, after the EXIF orientation and the rotation are applied.
    public let width: Int
    public let height: Int
    /// How far the person turned the photo, clockwise in degrees: 0, 90, 180 or 270. The
    /// library's copy is never changed; tiles, the viewer and exported copies apply it.
    public let rotation: Int
    /// The camera's make and model, when the photo names them.
    public let camera: String?

    public init(id: Int64, label: String, fileURL: URL, originalName: String, originalFileName: FileName? = nil, added: Date,
                taken: TakenDate? = nil, width: Int, height: Int, rotation: Int = 0, camera: String? = nil) {
        self.id = id
        self.label = label
        self.fileURL = fileURL
        self.originalName = originalName
        self.originalFileName = originalFileName ?? FileName(originalName)
        self.added = added
        self.taken = taken ?? TakenDate(moment: added)
        takenIfKnown = taken
        self.width = width
        self.height = height
        self.rotation = rotation
        self.camera = camera
    }

    /// The original name as a person is shown it, in a line of its own or inside a message.
    public var displayName: String { DisplayName.of(originalFileName) }

    /// The size of the library's copy in bytes, nil when it is missing.
    public var bytes: Int? {
        var status = stat()
        return stat(fileURL.path, &status) == 0 ? Int(status.st_size) : nil
    }
}
