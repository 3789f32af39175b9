// The tEXt chunks of a PNG file, read from its header without decoding any pixels: how a
// thumbnail's URI and mtime are checked cheaply for every tile. The cache is anyone's to write,
// so the chunks come through `PNGChunks`, which checks every length and CRC: a damaged file reads
// as no thumbnail, which is then made again.
import Foundation

struct PNGText {
    private var entries: [String: String] = [:]

    /// Reads the chunks before the image data; nil when the file is not a readable PNG.
    /// Only a regular file is read, opened without waiting: a FIFO in the cache stalls no tile.
    /// Nor one larger than any thumbnail, whose chunks could claim gigabytes of a sparse file.
    init?(contentsOf url: URL) {
        guard case .success(let file) = OpenFile.openRegular(FileName(url: url)), file.size <= CachedPNG.largestFile,
              var chunks = PNGChunks(size: file.size, read: file.bytes(at:count:)) else { return nil }
        while let chunk = chunks.next() {
            // Thumbnail writers put their text before the pixels; nothing after them matters here.
            if chunk.type == "IDAT" || chunk.type == "IEND" { return }
            // A keyword is followed by a NUL, within the body; a chunk with none holds no entry.
            if chunk.type == "tEXt", let separator = chunk.body.firstIndex(of: 0) {
                let key = String(decoding: chunk.body[..<separator], as: UTF8.self)
                entries[key] = String(decoding: chunk.body[(separator + 1)...], as: UTF8.self)
            }
        }
        // The end of the file before the pixels is damage too: the thumbnail is made again.
        return nil
    }

    subscript(key: String) -> String? { entries[key] }
}
