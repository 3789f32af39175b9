// Snapshelf's own reader of the PNGs in the shared thumbnail cache, so that a library whose
// thumbnails are made shows them without starting a sandboxed decoder. It takes only what
// thumbnailers write: 8-bit RGB or RGBA, not interlaced, at most the cache size's pixels a side.
// Every length and CRC is checked (`PNGChunks`), and zlib inflates into a buffer of the exact size the
// header declares, so a hostile file can make it fail and nothing else. Anything other goes to a
// decoder, as before.
import CGdkPixbuf
import CZlib
import Foundation

enum CachedPNG {
    /// Larger than any thumbnail of 512 pixels a side compressed at all.
    static let largestFile = 2 << 20

    /// The file's pixels, or nil when it is not a PNG of the kind this reads, or is damaged.
    static func pixbuf(at url: URL, largestSide: Int) -> OpaquePointer? {
        guard case .success(let file) = OpenFile.openRegular(FileName(url: url)), file.size <= largestFile else { return nil }
        let bytes = file.bytes(at: 0, count: file.size)
        guard bytes.count == file.size else { return nil }
        return pixbuf(from: bytes, largestSide: largestSide)
    }

    static func pixbuf(from bytes: [UInt8], largestSide: Int) -> OpaquePointer? {
        guard var chunks = PNGChunks(bytes) else { return nil }
        var header: (width: Int, height: Int, channels: Int)?
        var compressed: [UInt8] = []
        while let chunk = chunks.next() {
            switch chunk.type {
            case "IHDR":
                guard header == nil, compressed.isEmpty, let read = readHeader(chunk.body, largestSide: largestSide) else { return nil }
                header = read
            case "IDAT":
                guard header != nil else { return nil }
                compressed += chunk.body
            case "IEND":
                guard let header else { return nil }
                return decode(compressed, header)
            // A transparent colour or a palette would change the pixels: a decoder knows them.
            case "tRNS", "PLTE":
                return nil
            default:
                // IHDR comes first, so any chunk before it is no PNG of the kind this reads.
                guard header != nil else { return nil }
            }
        }
        return nil
    }

    private static func readHeader(_ body: ArraySlice<UInt8>, largestSide: Int) -> (width: Int, height: Int, channels: Int)? {
        guard body.count == 13 else { return nil }
        let field = { (at: Int) in body[body.startIndex + at..<body.startIndex + at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (field(0), field(4))
        let rest = Array(body.suffix(5))
        // 8 bits a sample, RGB (2) or RGBA (6), deflate, the standard filters, no interlace.
        guard (1...largestSide).contains(width), (1...largestSide).contains(height), rest[0] == 8,
              rest[1] == 2 || rest[1] == 6, rest[2] == 0, rest[3] == 0, rest[4] == 0 else { return nil }
        return (width, height, rest[1] == 6 ? 4 : 3)
    }

    private static func decode(_ compressed: [UInt8], _ header: (width: Int, height: Int, channels: Int)) -> OpaquePointer? {
        let line = header.width * header.channels
        var filtered = [UInt8](repeating: 0, count: (line + 1) * header.height)
        var size = uLongf(filtered.count)
        let status = filtered.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, size == uLongf(filtered.count),
              let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, header.channels == 4 ? 1 : 0, 8,
                                          Int32(header.width), Int32(header.height)) else { return nil }
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let unfiltered = filtered.withUnsafeBufferPointer { source in
            (0..<header.height).allSatisfy { y in
                let row = pixels + y * rowstride
                return unfilter(type: source[y * (line + 1)], row: row, from: source.baseAddress! + y * (line + 1) + 1,
                                above: y == 0 ? nil : row - rowstride, count: line, bytesPerPixel: header.channels)
            }
        }
        guard unfiltered else {
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return nil
        }
        return pixbuf
    }

    /// Undoes one row's filter (PNG's five), writing the row's bytes; false for an unknown filter.
    private static func unfilter(type: UInt8, row: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>,
                                 above: UnsafeMutablePointer<UInt8>?, count: Int, bytesPerPixel: Int) -> Bool {
        let up = { (index: Int) -> UInt8 in above?[index] ?? 0 }
        let left = { (index: Int) -> UInt8 in index >= bytesPerPixel ? row[index - bytesPerPixel] : 0 }
        let upLeft = { (index: Int) -> UInt8 in index >= bytesPerPixel ? up(index - bytesPerPixel) : 0 }
        switch type {
        case 0: for index in 0..<count { row[index] = source[index] }
        case 1: for index in 0..<count { row[index] = source[index] &+ left(index) }
        case 2: for index in 0..<count { row[index] = source[index] &+ up(index) }
        case 3: for index in 0..<count { row[index] = source[index] &+ UInt8((Int(left(index)) + Int(up(index))) / 2) }
        case 4:
            for index in 0..<count {
                let (a, b, c) = (Int(left(index)), Int(up(index)), Int(upLeft(index)))
                let (pa, pb, pc) = (abs(b - c), abs(a - c), abs(a + b - 2 * c))
                row[index] = source[index] &+ UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: return false
        }
        return true
    }
}
