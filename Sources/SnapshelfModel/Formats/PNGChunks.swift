// The chunks of a PNG, one after another, for the app's two readers of cached thumbnails
// (`PNGText`, `CachedPNG`), which are files anyone who can write the cache may have made. Every
// length is bounded as the PNG specification bounds it (2^31 − 1) and by the bytes there are, and
// every chunk's CRC is checked with zlib's before its body is handed on: a chunk that fails either
// ends the walk as damaged, so no reader ever slices past what it was given, whatever the input.
// Not libpng, the library made for reading PNGs: it reports errors by longjmp, which must not
// cross Swift's frames, and the app reads only the few chunks thumbnailers write.
import CZlib

struct PNGChunks {
    struct Chunk {
        /// The four letters, such as `IHDR`, as they are in the file.
        let type: String
        let body: ArraySlice<UInt8>
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest length the specification allows a chunk.
    static let maximumLength = Int(Int32.max)

    /// Reads up to `count` bytes at an offset, fewer at the end.
    private let read: (_ offset: Int, _ count: Int) -> [UInt8]
    /// How many bytes there are to read, so that no length beyond them is ever allocated.
    private let size: Int
    private var offset: Int
    /// Whether the walk stopped at a chunk that is cut short, too long, or whose CRC is wrong,
    /// rather than at the end of the bytes.
    private(set) var damaged = false

    /// The chunks of a file of `size` bytes read by `read`, or nil when it does not begin as a PNG does.
    init?(size: Int, read: @escaping (_ offset: Int, _ count: Int) -> [UInt8]) {
        guard size >= Self.signature.count, read(0, Self.signature.count) == Self.signature else { return nil }
        (self.size, self.read, offset) = (size, read, Self.signature.count)
    }

    /// The chunks of bytes held in memory.
    init?(_ bytes: [UInt8]) {
        self.init(size: bytes.count) { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<offset + min(count, bytes.count - offset)])
        }
    }

    /// The next chunk whose length and CRC are sound; nil at the end of the bytes or at damage.
    mutating func next() -> Chunk? {
        guard !damaged, size - offset > 0 else { return nil }
        let header = read(offset, 8)
        guard header.count == 8 else { return fail() }
        let length = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        // Both sides are below 2^32, so no sum here can overflow.
        guard length <= Self.maximumLength, length + 12 <= size - offset else { return fail() }
        let rest = read(offset + 8, length + 4)
        guard rest.count == length + 4 else { return fail() }
        let typed = header.suffix(4) + rest.prefix(length)
        let crc = rest.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard Self.crc32(typed) == crc else { return fail() }
        offset += length + 12
        return Chunk(type: String(decoding: header.suffix(4), as: UTF8.self), body: rest.prefix(length))
    }

    private mutating func fail() -> Chunk? {
        damaged = true
        return nil
    }

    /// zlib's CRC-32 of the bytes, as a chunk's last four bytes hold it of its type and body.
    static func crc32<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        let sum = bytes.withContiguousStorageIfAvailable { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) }
            ?? Array(bytes).withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) }
        return UInt32(sum)
    }
}
