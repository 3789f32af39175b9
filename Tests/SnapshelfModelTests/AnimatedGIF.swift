// Writes an animated GIF from pictures, for the format tests: GdkPixbuf reads GIF but cannot write
// it, and no tool `make test` installs makes one. Colours go to a fixed palette of 3-3-2 bits, and
// the LZW stream holds only single-pixel codes, starting afresh before codes outgrow 9 bits: valid
// GIF that every decoder reads, though it compresses nothing.
import CGdkPixbuf
import Foundation

enum AnimatedGIF {
    /// The frames, each of the first one's size, shown in a loop.
    static func data(frames: [OpaquePointer]) -> Data {
        let (width, height) = (Int(gdk_pixbuf_get_width(frames[0])), Int(gdk_pixbuf_get_height(frames[0])))
        var gif = Data("GIF89a".utf8)
        gif.append(little: width)
        gif.append(little: height)
        // A global table of 256 colours, then its background colour and pixel aspect ratio.
        gif.append(contentsOf: [0xF7, 0, 0])
        for index in 0..<256 {
            gif.append(contentsOf: [UInt8((index >> 5) * 255 / 7), UInt8((index >> 2 & 7) * 255 / 7), UInt8((index & 3) * 255 / 3)])
        }
        // The Netscape extension that makes it loop: what makes a GIF "animated" to viewers.
        gif.append(contentsOf: [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0])
        for frame in frames {
            // A tenth of a second per frame, then the frame over the whole screen.
            gif.append(contentsOf: [0x21, 0xF9, 4, 0, 10, 0, 0, 0, 0x2C, 0, 0, 0, 0])
            gif.append(little: width)
            gif.append(little: height)
            gif.append(contentsOf: [0, 8])
            let codes = lzw(indices(of: frame))
            for start in stride(from: 0, to: codes.count, by: 255) {
                let block = codes[start..<min(start + 255, codes.count)]
                gif.append(UInt8(block.count))
                gif.append(contentsOf: block)
            }
            gif.append(0)
        }
        gif.append(0x3B)
        return gif
    }

    /// Each pixel's nearest palette colour.
    private static func indices(of pixbuf: OpaquePointer) -> [Int] {
        let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        let (stride, channels) = (Int(gdk_pixbuf_get_rowstride(pixbuf)), Int(gdk_pixbuf_get_n_channels(pixbuf)))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return (0..<height).flatMap { row in
            (0..<width).map { column in
                let pixel = pixels + row * stride + column * channels
                let (red, green, blue) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
                return ((red * 7 + 127) / 255) << 5 | ((green * 7 + 127) / 255) << 2 | (blue * 3 + 127) / 255
            }
        }
    }

    /// The 9-bit codes, least significant bit first: a clear code, then up to 250 pixels, again and
    /// again, so that the decoder's table never reaches the 512 codes that would widen them.
    private static func lzw(_ indices: [Int]) -> [UInt8] {
        let (clear, end) = (256, 257)
        var codes: [Int] = []
        for (position, index) in indices.enumerated() {
            if position % 250 == 0 { codes.append(clear) }
            codes.append(index)
        }
        codes.append(end)
        var bytes: [UInt8] = []
        var (buffer, bits) = (0, 0)
        for code in codes {
            buffer |= code << bits
            bits += 9
            while bits >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        return bytes
    }
}

private extension Data {
    mutating func append(little value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
    }
}
