// Reads the entries of a TIFF structure, the form EXIF data takes in every container: a JPEG's
// APP1 segment, a WebP's EXIF chunk, a HEIF's Exif item.
struct TIFFReader {
    let bytes: UnsafeRawBufferPointer
    let bigEndian: Bool

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        bigEndian = bytes.count >= 2 && bytes[0] == 0x4D
    }

    func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int) -> Int? {
        guard let high = u16(bigEndian ? offset : offset + 2), let low = u16(bigEndian ? offset + 2 : offset)
        else { return nil }
        return high << 16 | low
    }

    var firstIFDOffset: Int? {
        guard bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D, u16(2) == 42
        else { return nil }
        return u32(4)
    }

    /// The 12-byte directory entry with this tag: its type, count and value or offset.
    func entry(tag: Int, inIFDAt offset: Int) -> (type: Int, count: Int, valueOffset: Int)? {
        guard let entries = u16(offset), entries < 1000 else { return nil }
        for index in 0..<entries {
            let entry = offset + 2 + index * 12
            guard let found = u16(entry), let type = u16(entry + 2), let count = u32(entry + 4) else { return nil }
            if found == tag { return (type, count, entry + 8) }
        }
        return nil
    }

    /// The orientation in the first directory, 1 to 8, or nil when it has none or one EXIF does not define.
    var orientation: Int? {
        guard let ifd0 = firstIFDOffset, let entry = entry(tag: 0x0112, inIFDAt: ifd0), entry.type == 3,
              let value = u16(entry.valueOffset), (1...8).contains(value) else { return nil }
        return value
    }

    func longValue(_ entry: (type: Int, count: Int, valueOffset: Int)) -> Int? {
        entry.type == 4 ? u32(entry.valueOffset) : nil
    }

    func asciiValue(_ entry: (type: Int, count: Int, valueOffset: Int)) -> String? {
        guard entry.type == 2, entry.count > 4, entry.count < 64, let start = u32(entry.valueOffset),
              start + entry.count <= bytes.count
        else { return nil }
        let text = bytes[start..<start + entry.count].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }
}
