// The facts a decoder sends of a photo's content, read from the file it was passed: its type by
// GIO's sniffing, whether it is whole, and its date and tags by Exiv2, or for a HEIF or AVIF, by
// Exiv2 on the Exif and XMP items libheif gives.
import Foundation
import SnapshelfDecoderWire
import SnapshelfModel

extension PhotoFacts {
    init(readingFileOpenAs descriptor: Int32, name: String) {
        let file: MappedFile
        do {
            file = try MappedFile(descriptor: descriptor)
        } catch {
            self.init(contentType: "application/octet-stream", isCutOff: false)
            tagsProblem = error.description
            return
        }
        self.init(contentType: PixbufFormats.mimeType(of: file.bytes, named: name),
                  isCutOff: ImageCompleteness.isCutOff(fileOpenAs: descriptor))
        do throws(Metadata.Failure) {
            if let items = HEIFItems(file.bytes) {
                try read(items)
            } else {
                let metadata = try Metadata(inMemory: file.bytes)
                tags = PhotoTags(reading: metadata, file: file.bytes).truncated()
                take(ExifDate.taken(in: metadata))
            }
        } catch {
            tagsProblem = error.description
        }
    }

    /// Reads a HEIF's items, each by Exiv2 as the metadata of its kind: the Exif item for the
    /// camera and the date, the XMP packet for the titles.
    private mutating func read(_ items: HEIFItems) throws(Metadata.Failure) {
        let packet = items.xmpPacket ?? []
        if let segment = items.exifSegment {
            let exif = try Metadata(app1Segment: segment)
            tags = packet.withUnsafeBytes { PhotoTags(reading: exif, file: $0) }.truncated()
            take(ExifDate.taken(in: exif))
        } else if !packet.isEmpty {
            // Exiv2 reads the packet where it lies, so it must be done with it inside.
            tags = try packet.withUnsafeBytes { bytes in
                Result { () throws(Metadata.Failure) in PhotoTags(reading: try Metadata(inMemory: bytes), file: bytes).truncated() }
            }.get()
        } else {
            tags = PhotoTags()
        }
    }

    private mutating func take(_ taken: (clockSeconds: Int64, offsetMinutes: Int?)?) {
        takenClockSeconds = taken?.clockSeconds
        takenOffsetMinutes = taken?.offsetMinutes
    }
}
