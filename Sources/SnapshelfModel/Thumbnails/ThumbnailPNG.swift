// A thumbnail encoded as the PNG the freedesktop.org standard asks for (8-bit, with its tEXt
// keys), written here rather than through GdkPixbuf's saver, whose zlib at its default level took
// a sixth of an import's time. Each row is filtered by the filter whose bytes cost the fewest
// bits, then deflated by zlib matching runs alone (`ThumbnailDeflate`): bench/thumbnail-png.c
// found libpng's choice of filters with zlib's runs as small as zlib's level 6 for a third of its
// time, and this choice of filters makes photos' thumbnails about as small as gdk-pixbuf-thumbnailer's.
import CGdkPixbuf
import Foundation

enum ThumbnailPNG {
    /// The PNG file's bytes, RGBA for a pixbuf with alpha and RGB for one without, as GdkPixbuf's
    /// own saver writes them; nil for a pixbuf that is not 8-bit RGB or RGBA, or text that is not
    /// Latin-1 as tEXt must be.
    static func encode(_ pixbuf: OpaquePointer, text: [(key: String, value: String)]) -> [UInt8]? {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4, width > 0, height > 0,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Width, height, 8 bits, RGBA or RGB, deflate, adaptive filtering, no interlace.
        let colourType: UInt8 = channels == 4 ? 6 : 2
        appendChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0], to: &file)
        for (key, value) in text {
            guard let key = key.data(using: .isoLatin1), let value = value.data(using: .isoLatin1) else { return nil }
            appendChunk("tEXt", [UInt8](key) + [0] + [UInt8](value), to: &file)
        }
        let compressed = rows(of: pixels, width: width, height: height, channels: channels, rowstride: rowstride)
            .withUnsafeBufferPointer(ThumbnailDeflate.zlibStream)
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// The rows, each after its filter byte. Each row is filtered by Sub, Up, Average and Paeth
    /// (None, which leaves the bytes as they are, was never the cheapest on the benchmark's
    /// photos); the filter libpng would pick, whose bytes read as signed have the least sum of
    /// magnitudes, gives the image's byte counts; then each row takes the filter whose bytes cost
    /// the fewest bits by those counts, which is what a Huffman code spends on them.
    private static func rows(of pixels: UnsafePointer<guchar>, width: Int, height: Int, channels: Int, rowstride: Int) -> [UInt8] {
        let length = width * channels
        let line = length + 1
        // The row above the first is zeros, as PNG's filters take it.
        let zeros = [UInt8](repeating: 0, count: length)
        var trials = [UInt8](repeating: 0, count: 4 * length * height)
        var counts = [Int](repeating: 1, count: 256)
        return zeros.withUnsafeBufferPointer { zeros in
            trials.withUnsafeMutableBufferPointer { trials in
                for y in 0..<height {
                    let row = pixels + y * rowstride
                    let rowTrials = trials.baseAddress! + 4 * length * y
                    let filter = filterTrials(row, above: y > 0 ? row - rowstride : zeros.baseAddress!, length: length,
                                              channels: channels, into: rowTrials)
                    for byte in UnsafeBufferPointer(start: rowTrials + filter * length, count: length) {
                        counts[Int(byte)] &+= 1
                    }
                }
                let costs = bitCosts(counts)
                return costs.withUnsafeBufferPointer { costs in [UInt8](unsafeUninitializedCapacity: line * height) { buffer, count in
                    for y in 0..<height {
                        let rowTrials = trials.baseAddress! + 4 * length * y
                        let sums = (0..<4).map { filter in
                            UnsafeBufferPointer(start: rowTrials + filter * length, count: length).reduce(0) { $0 &+ costs[Int($1)] }
                        }
                        let filter = sums.indices.min { sums[$0] < sums[$1] }!
                        let out = buffer.baseAddress! + y * line
                        out[0] = UInt8(filter + 1)
                        (out + 1).update(from: rowTrials + filter * length, count: length)
                    }
                    count = line * height
                } }
            }
        }
    }

    /// Each byte's cost in 256ths of a bit, by its count: log2 of the total over its count.
    private static func bitCosts(_ counts: [Int]) -> [Int] {
        let total = log2(Double(counts.reduce(0, +)))
        return counts.map { Int((total - log2(Double($0))) * 256) }
    }

    /// Writes the row filtered by Sub, Up, Average and Paeth into `trials`, one after the other,
    /// and returns the place of the filter to keep among them.
    private static func filterTrials(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, length: Int, channels: Int,
                                     into trials: UnsafeMutablePointer<UInt8>) -> Int {
        var sums = (0, 0, 0, 0)
        @inline(__always) func trial(_ index: Int, left: UInt8, corner: UInt8) {
            let (current, up) = (row[index], above[index])
            let (a, b, c) = (Int(left), Int(up), Int(corner))
            let toLeft = abs(b &- c), toUp = abs(a &- c), toCorner = abs(a &+ b &- c &- c)
            // Paeth's choice by masks rather than branches, which a photo's bytes make unpredictable:
            // all ones where left loses to up or corner, and where up loses to corner.
            let leftLoses = ((toUp &- toLeft) | (toCorner &- toLeft)) >> 63, upLoses = (toCorner &- toUp) >> 63
            let paeth = a & ~leftLoses | (b & ~upLoses | c & upLoses) & leftLoses
            let residuals = (current &- left, current &- up, current &- UInt8(truncatingIfNeeded: (a &+ b) >> 1),
                             current &- UInt8(truncatingIfNeeded: paeth))
            (trials[index], trials[length &+ index]) = (residuals.0, residuals.1)
            (trials[2 &* length &+ index], trials[3 &* length &+ index]) = (residuals.2, residuals.3)
            sums.0 &+= magnitude(residuals.0)
            sums.1 &+= magnitude(residuals.1)
            sums.2 &+= magnitude(residuals.2)
            sums.3 &+= magnitude(residuals.3)
        }
        // Bytes left of the row are zeros too.
        for index in 0..<channels {
            trial(index, left: 0, corner: 0)
        }
        for index in channels..<length {
            trial(index, left: row[index &- channels], corner: above[index &- channels])
        }
        let all = [sums.0, sums.1, sums.2, sums.3]
        return all.indices.min { all[$0] < all[$1] }!
    }

    /// A filtered byte's size as libpng weighs it: its distance from zero, read as signed.
    @inline(__always)
    private static func magnitude(_ byte: UInt8) -> Int {
        Int(Int8(bitPattern: byte).magnitude)
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        file += bigEndian(UInt32(data.count)) + typed + bigEndian(PNGChunks.crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
