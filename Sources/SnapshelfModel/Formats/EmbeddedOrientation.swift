// Which EXIF orientation Snapshelf turns a decoded image by, format by format, so that every photo
// shows upright and none is turned twice. GdkPixbuf's loaders disagree: the JPEG and TIFF loaders
// report the file's orientation and leave the pixels as stored; libheif's loader (HEIF and AVIF)
// applies the container's irot and imir itself and reports nothing; the WebP loader reports nothing.
import CGdkPixbuf
import Foundation

package enum EmbeddedOrientation {
    /// The orientation (1 to 8) to apply to what GdkPixbuf decoded from the file, given the one
    /// its loader reported, if any.
    ///
    /// - HEIF and AVIF: none when the primary image has irot or imir, since libheif turned it
    ///   already and its EXIF orientation, which phones and avifenc write as well, says the same
    ///   turn again; otherwise the EXIF orientation, the only one such a file has (heif-enc 1.15
    ///   copies a JPEG's EXIF and writes no irot).
    /// - WebP: its EXIF chunk's orientation, which is all WebP has.
    /// - Everything else: what the loader reported.
    static func toApply(declared: Int?, inFileAt path: String) -> Int {
        toApply(declared: declared, in: OpenFile.open(path))
    }

    /// The same for a file already open, which stays open.
    package static func toApply(declared: Int?, inFileOpenAs descriptor: Int32) -> Int {
        toApply(declared: declared, in: OpenFile.duplicating(descriptor))
    }

    private static func toApply(declared: Int?, in opened: Result<OpenFile, OpenFile.ReadFailure>) -> Int {
        guard case .success(let file) = opened else { return valid(declared) }
        var window = ByteWindow(file)
        if let heif = HEIFContainer(&window) {
            return heif.hasTransforms ? 1 : valid(heif.exifOrientation)
        }
        if window.matches(Array("RIFF".utf8), at: 0) && window.matches(Array("WEBP".utf8), at: 8) {
            return valid(webpOrientation(&window) ?? declared)
        }
        return valid(declared)
    }

    private static func valid(_ orientation: Int?) -> Int {
        (1...8).contains(orientation ?? 1) ? orientation ?? 1 : 1
    }

    /// The orientation in a WebP's EXIF chunk, whose TIFF data some writers start with "Exif\0\0".
    private static func webpOrientation(_ window: inout ByteWindow) -> Int? {
        var offset = 12
        while let size = window.number(at: offset + 4, count: 4, bigEndian: false) {
            if window.matches(Array("EXIF".utf8), at: offset) {
                let skip = window.matches(Array("Exif".utf8), at: offset + 8) ? 6 : 0
                // A chunk shorter than its "Exif" prefix holds nothing: the range must not run backwards.
                let bytes = (skip..<max(skip, min(size, 4096))).compactMap { window.byte(at: offset + 8 + $0) }
                return bytes.withUnsafeBytes { TIFFReader(bytes: $0).orientation }
            }
            // Chunks are padded to an even length.
            offset += 8 + size + size % 2
        }
        return nil
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
