// One photo in every format Snapshelf must show upright, made at test time from a shared JPEG
// with EXIF orientation 6 (stored sideways): by the encoders phones' formats come from, which carry
// the JPEG's EXIF along, and by GdkPixbuf for the formats it writes, from the photo turned upright.
import CGdkPixbuf
import Foundation
import SnapshelfTestSupport
import XCTest

final class FormatSamples {
    struct Sample {
        let name: String
        let file: URL
    }

    let folder: URL
    /// The JPEG, stored sideways with orientation 6.
    let source: URL
    /// Its pixels as GdkPixbuf decodes them, turned upright.
    let upright: OpaquePointer

    init(in folder: URL, from source: URL) throws {
        self.folder = folder
        self.source = source
        var error: UnsafeMutablePointer<GError>?
        let stored = try XCTUnwrap(gdk_pixbuf_new_from_file(source.path, &error))
        defer { g_object_unref(UnsafeMutableRawPointer(stored)) }
        upright = try XCTUnwrap(gdk_pixbuf_apply_embedded_orientation(stored))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(upright))
    }

    /// Every format, each in a file of its own.
    func all() throws -> [Sample] {
        [
            // heif-enc 1.15 writes no irot: the EXIF orientation it copies is the file's only turn.
            Sample(name: "HEIC by heif-enc", file: try encoded("heif-enc", ["-q", "90", source.path, "-o"], "heic")),
            Sample(name: "AVIF by heif-enc", file: try encoded("heif-enc", ["-A", "-q", "90", source.path, "-o"], "avif")),
            // avifenc turns the EXIF orientation into irot and keeps the EXIF too: the same turn twice over.
            Sample(name: "AVIF by avifenc", file: try encoded("avifenc", ["-s", "8", source.path], "avif")),
            Sample(name: "WebP by cwebp", file: try encoded("cwebp", ["-quiet", "-q", "90", "-metadata", "exif", source.path, "-o"], "webp")),
            Sample(name: "PNG", file: try saved("png")),
            Sample(name: "TIFF", file: try saved("tiff")),
            Sample(name: "BMP", file: try saved("bmp")),
            Sample(name: "GIF, first of two frames", file: try animatedGIF()),
        ]
    }

    /// The file a tool writes from the JPEG, its name last.
    func encoded(_ tool: String, _ arguments: [String], _ type: String) throws -> URL {
        let output = folder.appendingPathComponent("\(tool).\(type)")
        try ExternalTool.run(tool, arguments + [output.path])
        return output
    }

    private func saved(_ type: String) throws -> URL {
        let output = folder.appendingPathComponent("gdk-pixbuf.\(type)")
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = [nil]
        var values: [UnsafeMutablePointer<CChar>?] = [nil]
        XCTAssertNotEqual(gdk_pixbuf_savev(upright, output.path, type, &keys, &values, &error), 0, "GdkPixbuf writes no \(type)")
        return output
    }

    /// The upright photo, then its colours inverted: showing the second frame would be plain to see.
    private func animatedGIF() throws -> URL {
        let output = folder.appendingPathComponent("animated.gif")
        let inverted = try XCTUnwrap(gdk_pixbuf_copy(upright))
        defer { g_object_unref(UnsafeMutableRawPointer(inverted)) }
        let (stride, length) = (Int(gdk_pixbuf_get_rowstride(inverted)), Int(gdk_pixbuf_get_byte_length(inverted)))
        let pixels = gdk_pixbuf_get_pixels(inverted)!
        for offset in 0..<length where offset % stride < Int(gdk_pixbuf_get_width(inverted)) * 3 {
            pixels[offset] = 255 - pixels[offset]
        }
        try AnimatedGIF.data(frames: [upright, inverted]).write(to: output)
        return output
    }
}
