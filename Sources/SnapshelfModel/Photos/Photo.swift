// One photo in the library: its record, as the library keeps it, and where the library's own copy
// of the file is; with the record's fields as people are shown them.
import Foundation

public struct Photo: Sendable, Hashable {
    /// What the library keeps of the photo, as its database row holds it.
    public let record: PhotoRecord
    /// The library's copy, never the original the person imported.
    public let fileURL: URL

    public init(record: PhotoRecord, fileURL: URL) {
        (self.record, self.fileURL) = (record, fileURL)
    }

    /// A photo from its fields as they are shown: `width` and `height` with the rotation applied.
    public init(id: Int64, label: String, fileURL: URL, originalName: String, added: Date, taken: TakenDate? = nil,
                width: Int, height: Int, rotation: Int = 0, camera: String? = nil) {
        let turned = rotation % 180 != 0
        self.init(record: PhotoRecord(id: id, label: label, originalFileName: FileName(originalName),
                                      addedMilliseconds: ClampedDate.milliseconds(of: added), taken: taken,
                                      width: turned ? height : width, height: turned ? width : height, rotation: rotation, camera: camera),
                  fileURL: fileURL)
    }

    /// The database row's identifier; stable for the photo's life in the library.
    public var id: Int64 { record.id }
    public var label: String { record.label }
    /// The file name the photo had when it was imported, as text: U+FFFD stands for bytes that
    /// are not UTF-8. People see `displayName`.
    public var originalName: String { record.originalName }
    /// That name byte for byte, which an export gives back.
    public var originalFileName: FileName { record.originalFileName }
    public var added: Date { ClampedDate.from(milliseconds: record.addedMilliseconds) }
    /// When the photo was taken: its EXIF DateTimeOriginal, else the original file's date, else
    /// (for a photo imported before dates taken were recorded) when it was added.
    public var taken: TakenDate { record.taken ?? TakenDate(moment: added) }
    /// When it was taken, nil for a photo imported before dates taken were recorded.
    public var takenIfKnown: TakenDate? { record.taken }
    /// Width and height as displayed, after the EXIF orientation and the rotation are applied.
    public var width: Int { record.rotation % 180 == 0 ? record.width : record.height }
    public var height: Int { record.rotation % 180 == 0 ? record.height : record.width }
    /// How far the person turned the photo, clockwise in degrees: 0, 90, 180 or 270. Tiles, the
    /// viewer and exported copies apply it.
    public var rotation: Int { record.rotation }
    /// The camera's make and model, when the photo names them.
    public var camera: String? { record.camera.flatMap { $0.isEmpty ? nil : $0 } }

    /// The original name as a person is shown it, in a line of its own or inside a message.
    public var displayName: String { DisplayName.of(originalFileName) }

    /// The size of the library's copy in bytes, nil when it is missing.
    public var bytes: Int? {
        var status = stat()
        return stat(fileURL.path, &status) == 0 ? Int(status.st_size) : nil
    }
}
