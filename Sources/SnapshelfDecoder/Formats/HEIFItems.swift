// A HEIF's or AVIF's Exif and XMP items, read with libheif (`HEIFLibrary`) inside a decoder: Debian's Exiv2 0.27
// reads neither from these files, so the date taken, the camera and the title of a phone's photo
// come from here, each handed to Exiv2 as the metadata of its own kind.
import CHeif
import Foundation
import SnapshelfModel

struct HEIFItems {
    /// The most an item may hold to be read: a JPEG's EXIF is at most 64 KiB, an XMP packet a few.
    private static let maximumItemBytes = 1 << 22

    /// The Exif item as a JPEG's APP1 segment holds it, "Exif\0\0" then its TIFF structure.
    let exifSegment: [UInt8]?
    /// The XMP packet, an item of content type application/rdf+xml.
    let xmpPacket: [UInt8]?

    /// The items of the primary image of the HEIF-family file in memory; nil for any other file.
    init?(_ file: UnsafeRawBufferPointer) {
        guard let heif = HEIFLibrary.shared, let base = file.baseAddress, let context = heif.contextAlloc() else { return nil }
        defer { heif.contextFree(context) }
        guard heif.readFromMemoryWithoutCopy(context, base, file.count, nil).code == heif_error_Ok else { return nil }
        var primary: OpaquePointer?
        guard heif.primaryImageHandle(context, &primary).code == heif_error_Ok, let handle = primary else { return nil }
        defer { heif.releaseImageHandle(handle) }
        // An Exif item starts with where its TIFF header is, past the "Exif\0\0" most writers put first.
        exifSegment = Self.items(of: handle, type: "Exif", in: heif).lazy.compactMap { item -> [UInt8]? in
            guard item.count > 4 else { return nil }
            let skip = item.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            guard skip <= item.count - 4 else { return nil }
            return Array("Exif".utf8) + [0, 0] + item[(4 + skip)...]
        }.first
        xmpPacket = Self.items(of: handle, type: "mime", contentType: "application/rdf+xml", in: heif).first
    }

    /// The content of every metadata item of the type (and content type, for "mime" items).
    private static func items(of handle: OpaquePointer, type: String, contentType: String? = nil, in heif: HEIFLibrary) -> [[UInt8]] {
        let count = Int(heif.numberOfMetadataBlocks(handle, type))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif.metadataBlockIDs(handle, type, &ids, Int32(count)))
        return ids.prefix(max(0, min(listed, count))).compactMap { id -> [UInt8]? in
            if let contentType {
                guard let declared = heif.metadataContentType(handle, id), String(cString: declared) == contentType
                else { return nil }
            }
            let size = heif.metadataSize(handle, id)
            guard size > 0, size <= maximumItemBytes else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif.metadata(handle, id, &bytes).code == heif_error_Ok else { return nil }
            return bytes
        }
    }
}
