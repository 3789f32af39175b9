// Which EXIF orientation Snapshelf turns a decoded image by, format by format, so that every photo
// shows upright and none is turned twice. GdkPixbuf's loaders disagree: the JPEG and TIFF loaders
// report the file's orientation and leave the pixels as stored; libheif's loader (HEIF and AVIF)
// applies the container's irot and imir itself and reports nothing; the WebP loader reports nothing.
import CGdkPixbuf
import Foundation
import SnapshelfModel

package enum EmbeddedOrientation {
    /// The orientation (1 to 8) to apply to what GdkPixbuf decoded from the file, given the one
    /// its loader reported, if any.
    ///
    /// - HEIF and AVIF: none when the primary image has irot or imir, since libheif turned it
    ///   already and its EXIF orientation, which phones and avifenc write as well, says the same
    ///   turn again; otherwise the EXIF orientation, the only one such a file has (heif-enc 1.15
    ///   copies a JPEG's EXIF and writes no irot).
    /// - WebP: its EXIF chunk's orientation, which is all WebP has.
    /// - Everything else: what the loader reported, as for any file when not `readingMetadata`,
    ///   in a decoder without Exiv2 and libheif, whose loaders read neither HEIF nor WebP.
    package static func toApply(declared: Int?, inFileOpenAs descriptor: Int32, readingMetadata: Bool) -> Int {
        guard readingMetadata, var window = ByteWindow(descriptor: descriptor) else { return valid(declared) }
        if let heif = HEIFContainer(&window) {
            guard !heif.hasTransforms else { return 1 }
            let exif = (try? MappedFile(descriptor: descriptor)).flatMap { HEIFItems($0.bytes)?.exifSegment }
            return valid(exif.flatMap { try? Metadata(app1Segment: $0) }.flatMap(orientation))
        }
        if window.matches(Array("RIFF".utf8), at: 0) && window.matches(Array("WEBP".utf8), at: 8) {
            // Exiv2 reads a WebP's EXIF chunk, from the file as it lies.
            guard let file = try? MappedFile(descriptor: descriptor) else { return valid(declared) }
            return valid((try? Metadata(inMemory: file.bytes)).flatMap(orientation) ?? declared)
        }
        return valid(declared)
    }

    /// The orientation the metadata's EXIF declares, if any.
    static func orientation(in metadata: Metadata) -> Int? {
        metadata.string("Exif.Image.Orientation").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    private static func valid(_ orientation: Int?) -> Int {
        (1...8).contains(orientation ?? 1) ? orientation ?? 1 : 1
    }

    /// A new reference to the picture turned upright from `orientation`, even when that is no turn,
    /// done as GdkPixbuf's own gdk_pixbuf_apply_embedded_orientation does it for the orientation
    /// a loader reported.
    package static func turn(_ pixbuf: OpaquePointer, from orientation: Int) -> OpaquePointer {
        let clockwise = GDK_PIXBUF_ROTATE_CLOCKWISE, counterclockwise = GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE
        let turned: OpaquePointer? = switch orientation {
            case 2: gdk_pixbuf_flip(pixbuf, 1)
            case 3: gdk_pixbuf_rotate_simple(pixbuf, GDK_PIXBUF_ROTATE_UPSIDEDOWN)
            case 4: gdk_pixbuf_flip(pixbuf, 0)
            case 5: flipped(gdk_pixbuf_rotate_simple(pixbuf, clockwise))
            case 6: gdk_pixbuf_rotate_simple(pixbuf, clockwise)
            case 7: flipped(gdk_pixbuf_rotate_simple(pixbuf, counterclockwise))
            case 8: gdk_pixbuf_rotate_simple(pixbuf, counterclockwise)
            default: nil
        }
        if let turned { return turned }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    /// Mirrored left to right, letting go of the unmirrored one.
    private static func flipped(_ pixbuf: OpaquePointer?) -> OpaquePointer? {
        guard let pixbuf else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return gdk_pixbuf_flip(pixbuf, 1)
    }
}
