// Tells whether a decoded picture is upright: of the eight ways it could be turned or mirrored,
// the one that matches the upright reference best must be no turn at all, and match it closely.
// Lossy encoders and palettes change every pixel a little; a wrong turn changes them a lot.
import CGdkPixbuf
import Foundation

struct Uprightness: CustomStringConvertible {
    /// The mean difference, per colour byte, from the reference scaled to the picture's size.
    private(set) var difference = Double.infinity
    /// The turn, clockwise, and mirroring that matches the reference best, when that is not none.
    private(set) var betterTurn: (degrees: Int, mirrored: Bool)?

    /// Upright, and close: libheif's loader, scaling to tile size itself, differs by about 14, and
    /// a GIF's 256 colours by about 13, where another picture differs by far more.
    var isUpright: Bool { betterTurn == nil && difference < 25 }

    var description: String {
        betterTurn.map { "matches best turned \($0.degrees)°\($0.mirrored ? " and mirrored" : "")" }
            ?? String(format: "differs by %.1f", difference)
    }

    init(of picture: OpaquePointer, against reference: OpaquePointer) {
        let landscape = gdk_pixbuf_get_width(reference) > gdk_pixbuf_get_height(reference)
        for mirrored in [false, true] {
            for degrees in [0, 90, 180, 270] {
                let turned = Self.turned(picture, degrees: degrees, mirrored: mirrored)
                defer { g_object_unref(UnsafeMutableRawPointer(turned)) }
                let (width, height) = (gdk_pixbuf_get_width(turned), gdk_pixbuf_get_height(turned))
                // A turn that makes a landscape picture a portrait one cannot match it.
                guard (width > height) == landscape else { continue }
                let scaled = gdk_pixbuf_scale_simple(reference, width, height, GDK_INTERP_BILINEAR)!
                defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
                let difference = Self.meanDifference(turned, scaled)
                if difference < self.difference {
                    self.difference = difference
                    betterTurn = degrees == 0 && !mirrored ? nil : (degrees, mirrored)
                }
            }
        }
    }

    private static func turned(_ picture: OpaquePointer, degrees: Int, mirrored: Bool) -> OpaquePointer {
        // GdkPixbuf counts its angles counterclockwise.
        let rotated = gdk_pixbuf_rotate_simple(picture, GdkPixbufRotation(rawValue: UInt32((360 - degrees) % 360)))!
        guard mirrored else { return rotated }
        defer { g_object_unref(UnsafeMutableRawPointer(rotated)) }
        return gdk_pixbuf_flip(rotated, 1)!
    }

    /// The mean difference of the red, green and blue bytes of two pictures of one size.
    private static func meanDifference(_ a: OpaquePointer, _ b: OpaquePointer) -> Double {
        let (width, height) = (Int(gdk_pixbuf_get_width(a)), Int(gdk_pixbuf_get_height(a)))
        let (pixelsA, pixelsB) = (gdk_pixbuf_read_pixels(a)!, gdk_pixbuf_read_pixels(b)!)
        let (strideA, strideB) = (Int(gdk_pixbuf_get_rowstride(a)), Int(gdk_pixbuf_get_rowstride(b)))
        let (channelsA, channelsB) = (Int(gdk_pixbuf_get_n_channels(a)), Int(gdk_pixbuf_get_n_channels(b)))
        var total = 0
        for row in 0..<height {
            for column in 0..<width {
                for channel in 0..<3 {
                    total += abs(Int(pixelsA[row * strideA + column * channelsA + channel])
                                 - Int(pixelsB[row * strideB + column * channelsB + channel]))
                }
            }
        }
        return Double(total) / Double(max(1, width * height * 3))
    }
}
