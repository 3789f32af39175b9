// Reads a decoder's open file byte by byte through a window of one chunk, for the structure walks
// that check whether an image is whole and how it is turned: they look at a few bytes here and
// there, far apart, by position, so the file's offset, which its loader reads from, stays as it is.
import Foundation

struct ByteWindow {
    private let descriptor: Int32
    let size: Int
    private var start = 0
    private var bytes: [UInt8] = []
    private static let length = 1 << 16

    /// A window on the file open at `descriptor`, which stays open; nil when it cannot be told apart.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    /// The byte at the offset, or nil past the end of the file.
    mutating func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < size else { return nil }
        if offset < start || offset >= start + bytes.count {
            start = offset
            bytes = [UInt8](repeating: 0, count: Self.length)
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Self.length, off_t(offset)) }
            bytes.removeLast(Self.length - max(count, 0))
            guard !bytes.isEmpty else { return nil }
        }
        return bytes[offset - start]
    }

    /// An unsigned number of `count` bytes at the offset, or nil where the file ends first.
    mutating func number(at offset: Int, count: Int, bigEndian: Bool) -> Int? {
        var value = 0
        for index in 0..<count {
            guard let byte = byte(at: bigEndian ? offset + index : offset + count - 1 - index) else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }

    /// The offset of the first `target` at or after `offset`, or nil when the file has none:
    /// found with memchr through the window, far faster than a loop over bytes, and each byte is
    /// read from the file once however many times a structure walk asks.
    mutating func firstIndex(of target: UInt8, from offset: Int) -> Int? {
        var position = offset
        while byte(at: position) != nil {
            let local = position - start
            let found = bytes.withUnsafeBytes { buffer -> Int? in
                guard let base = buffer.baseAddress, let hit = memchr(base + local, Int32(target), buffer.count - local) else { return nil }
                return UnsafeRawPointer(hit) - base
            }
            if let found { return start + found }
            position = start + bytes.count
        }
        return nil
    }

    /// Whether the bytes at the offset are these.
    mutating func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        expected.indices.allSatisfy { byte(at: offset + $0) == expected[$0] }
    }
}
