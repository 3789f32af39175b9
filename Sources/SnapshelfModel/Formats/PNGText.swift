// The tEXt chunks of a PNG file, read from its header without decoding any pixels: how a
// thumbnail's URI and mtime are checked cheaply for every tile.
import Foundation

struct PNGText {
    private var entries: [String: String] = [:]

    /// Reads the chunks before the image data; nil when the file is not a readable PNG.
    /// Only a regular file is read, opened without waiting: a FIFO in the cache stalls no tile.
    init?(contentsOf url: URL) {
        guard case .success(let file) = OpenFile.openRegular(FileName(url: url)),
              file.bytes(at: 0, count: 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var offset = 8
        while case let header = file.bytes(at: offset, count: 8), header.count == 8 {
            let length = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header.suffix(4), as: UTF8.self)
            // Thumbnail writers put their text before the pixels; nothing after them matters here.
            if type == "IDAT" || type == "IEND" { break }
            let body = file.bytes(at: offset + 8, count: length + 4)
            guard body.count == length + 4 else { return nil }
            if type == "tEXt", let separator = body.firstIndex(of: 0) {
                let key = String(decoding: body[body.startIndex..<separator], as: UTF8.self)
                let value = String(decoding: body[(separator + 1)..<(body.endIndex - 4)], as: UTF8.self)
                entries[key] = value
            }
            offset += 12 + length
        }
    }

    subscript(key: String) -> String? { entries[key] }
}
