// One photo as the library keeps it, written once: what the person gave it (its label and
// rotation) and what its import found (the original's name, the dates, the size, the camera). The
// database's row, the sidecar and the store's `Photo` each hold one and add only their own: the
// row where the copy is and its hash, the sidecar how it came to be what it is (which merging two
// computers' copies needs), the photo the copy's URL.
import Foundation

public struct PhotoRecord: Sendable, Hashable {
    /// The library's number for the photo, stable for its life in the library.
    public var id: Int64
    /// Any Unicode text, possibly empty, always shown literally.
    public var label: String
    /// The name the original had when it was imported, byte for byte, which an export gives back.
    public var originalFileName: FileName
    /// When it was added, in milliseconds since 1970.
    public var addedMilliseconds: Int64
    /// Nil for photos imported before dates taken were recorded; they sort by the date added.
    public var taken: TakenDate?
    /// Width and height after the EXIF orientation, before the person's rotation.
    public var width: Int
    public var height: Int
    /// How far the person turned the photo, clockwise in degrees: 0, 90, 180 or 270, on top of
    /// the EXIF orientation. The library's copy is never changed.
    public var rotation: Int
    /// The camera's make and model, '' when the photo names none, nil when not read yet.
    public var camera: String?

    public init(id: Int64, label: String, originalFileName: FileName, addedMilliseconds: Int64, taken: TakenDate?,
                width: Int, height: Int, rotation: Int = 0, camera: String? = nil) {
        (self.id, self.label, self.originalFileName, self.addedMilliseconds) = (id, label, originalFileName, addedMilliseconds)
        (self.taken, self.width, self.height, self.rotation, self.camera) = (taken, width, height, rotation, camera)
    }

    /// The original name as text, U+FFFD standing for bytes that are not UTF-8: what searches match.
    public var originalName: String { originalFileName.text }
}
