// What Tests/Fixtures/png-reader.py, a PNG reader of Python's zlib and struct alone, finds in a
// PNG: a check of Snapshelf's thumbnails that shares no code with their writer, GdkPixbuf or libpng.
import CGdkPixbuf
import Foundation
import SnapshelfTestSupport

struct IndependentPNG: Decodable {
    let width: Int
    let height: Int
    let depth: Int
    let colourType: Int
    let interlace: Int
    let text: [String: String]
    /// Each filter type that some row used, in order.
    let filters: [Int]
    /// How many rows use the filter whose bytes cost the fewest bits by the image's byte counts
    /// under libpng's pick (the least sum of bytes read as signed magnitudes).
    let rowsOfTheCheapestFilter: Int
    /// The rows once unfiltered, without padding, as hex.
    let pixels: String

    private static let script = ShippedTranslation.projectRoot.appendingPathComponent("Tests/Fixtures/png-reader.py")

    init(reading file: URL) throws {
        let json = try ExternalProgram.output(of: "/usr/bin/python3", [Self.script.path, file.path])
        self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
    }

    /// A pixbuf's bytes as a PNG holds them: its own channels, row after row, as hex.
    static func hex(of pixbuf: OpaquePointer) -> String {
        let length = Int(gdk_pixbuf_get_width(pixbuf)) * Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for y in 0..<Int(gdk_pixbuf_get_height(pixbuf)) {
            for byte in UnsafeBufferPointer(start: pixels + y * rowstride, count: length) {
                hex += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
