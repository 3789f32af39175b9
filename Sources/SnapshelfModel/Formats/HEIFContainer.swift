// What a HEIF or AVIF file's boxes (ISO/IEC 23008-12) say about turning its primary image: whether
// rotation or mirroring properties (irot, imir) go with it, which libheif applies while decoding,
// and the orientation its Exif item declares, which libheif leaves alone; and that Exif item itself,
// for the date taken, which Debian's Exiv2 0.27 cannot read from these files. Read box by box
// through a window, so the image data is never read.
import Foundation

struct HEIFContainer {
    /// Whether the primary image carries an irot or imir property.
    let hasTransforms: Bool
    /// The Exif item's TIFF data, as much of it as EXIF holds in a JPEG (64 KiB), when there is one.
    let exif: [UInt8]?

    /// The orientation in the Exif item's TIFF data, when there is one.
    var exifOrientation: Int? {
        exif?.withUnsafeBytes { TIFFReader(bytes: $0).orientation }
    }

    /// Reads the file's meta box, or nil when the file is no HEIF-family file or has none.
    init?(_ window: inout ByteWindow) {
        guard window.matches(Array("ftyp".utf8), at: 4),
              let meta = Self.children(of: 0..<window.size, in: &window)["meta"] else { return nil }
        // meta is a full box: a version and flags before its children.
        let boxes = Self.children(of: (meta.lowerBound + 4)..<meta.upperBound, in: &window)
        guard let primary = boxes["pitm"].flatMap({ Self.primaryItem(in: $0, &window) }) else { return nil }
        hasTransforms = boxes["iprp"].map { Self.transforms(of: primary, inProperties: $0, &window) } ?? false
        exif = boxes["iinf"].flatMap { Self.exifItem(in: $0, &window) }
            .flatMap { item in boxes["iloc"].flatMap { Self.location(of: item, in: $0, &window) } }
            .flatMap { Self.tiff(inExifAt: $0, &window) }
    }

    /// The content of each box in the range, by type; the first of a type when it repeats.
    private static func children(of range: Range<Int>, in window: inout ByteWindow) -> [String: Range<Int>] {
        var boxes: [String: Range<Int>] = [:]
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let declared = window.number(at: offset, count: 4, bigEndian: true) {
            let type = String(decoding: (4..<8).compactMap { window.byte(at: offset + $0) }, as: UTF8.self)
            var header = 8
            var size = declared
            if declared == 1 {
                guard let large = window.number(at: offset + 8, count: 8, bigEndian: true) else { break }
                (header, size) = (16, large)
            } else if declared == 0 {
                size = range.upperBound - offset
            }
            // A 64-bit size may be anything, up to Int.max: compared with what is left, never added.
            guard size >= header, size <= range.upperBound - offset else { break }
            if boxes[type] == nil { boxes[type] = (offset + header)..<(offset + size) }
            offset += size
        }
        return boxes
    }

    private static func primaryItem(in pitm: Range<Int>, _ window: inout ByteWindow) -> Int? {
        guard let version = window.byte(at: pitm.lowerBound) else { return nil }
        return window.number(at: pitm.lowerBound + 4, count: version == 0 ? 2 : 4, bigEndian: true)
    }

    /// Whether the item property associations (ipma) give the item an irot or imir from the
    /// property container (ipco), whose properties they count from 1.
    private static func transforms(of item: Int, inProperties iprp: Range<Int>, _ window: inout ByteWindow) -> Bool {
        let boxes = children(of: iprp, in: &window)
        guard let ipco = boxes["ipco"], let ipma = boxes["ipma"], let version = window.byte(at: ipma.lowerBound),
              let flags = window.byte(at: ipma.lowerBound + 3),
              var entries = window.number(at: ipma.lowerBound + 4, count: 4, bigEndian: true) else { return false }
        var properties: [String] = []
        var offset = ipco.lowerBound
        while offset + 8 <= ipco.upperBound, let size = window.number(at: offset, count: 4, bigEndian: true), size >= 8 {
            properties.append(String(decoding: (4..<8).compactMap { window.byte(at: offset + $0) }, as: UTF8.self))
            offset += size
        }
        let (idSize, indexSize) = (version < 1 ? 2 : 4, flags & 1 == 1 ? 2 : 1)
        offset = ipma.lowerBound + 8
        while entries > 0, let id = window.number(at: offset, count: idSize, bigEndian: true),
              let count = window.byte(at: offset + idSize) {
            offset += idSize + 1
            if id == item {
                return (0..<Int(count)).contains { association in
                    // The top bit says whether the property is essential; the rest is its index.
                    let index = (window.number(at: offset + association * indexSize, count: indexSize, bigEndian: true) ?? 0)
                        & (indexSize == 2 ? 0x7FFF : 0x7F)
                    return index > 0 && index <= properties.count && ["irot", "imir"].contains(properties[index - 1])
                }
            }
            offset += Int(count) * indexSize
            entries -= 1
        }
        return false
    }

    /// The ID of the item whose type is "Exif", from the item information entries (infe, version 2 or 3).
    private static func exifItem(in iinf: Range<Int>, _ window: inout ByteWindow) -> Int? {
        guard let version = window.byte(at: iinf.lowerBound) else { return nil }
        var offset = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
        while offset + 8 <= iinf.upperBound, let size = window.number(at: offset, count: 4, bigEndian: true), size >= 8 {
            if window.matches(Array("infe".utf8), at: offset + 4), let entryVersion = window.byte(at: offset + 8),
               entryVersion >= 2 {
                let idSize = entryVersion == 2 ? 2 : 4
                let type = offset + 12 + idSize + 2
                if window.matches(Array("Exif".utf8), at: type) {
                    return window.number(at: offset + 12, count: idSize, bigEndian: true)
                }
            }
            offset += size
        }
        return nil
    }

    /// Where in the file the item's first extent lies, from the item location box (iloc); nil
    /// for an item kept anywhere but in the file's own bytes.
    private static func location(of item: Int, in iloc: Range<Int>, _ window: inout ByteWindow) -> Range<Int>? {
        guard let version = window.byte(at: iloc.lowerBound), let sizes = window.byte(at: iloc.lowerBound + 4),
              let moreSizes = window.byte(at: iloc.lowerBound + 5) else { return nil }
        let (offsetSize, lengthSize) = (Int(sizes >> 4), Int(sizes & 0xF))
        let (baseSize, indexSize) = (Int(moreSizes >> 4), version == 0 ? 0 : Int(moreSizes & 0xF))
        let idSize = version < 2 ? 2 : 4
        guard var items = window.number(at: iloc.lowerBound + 6, count: idSize, bigEndian: true) else { return nil }
        var offset = iloc.lowerBound + 6 + idSize
        while items > 0, let id = window.number(at: offset, count: idSize, bigEndian: true) {
            offset += idSize
            let method = version == 0 ? 0 : (window.number(at: offset, count: 2, bigEndian: true) ?? 0) & 0xF
            if version > 0 { offset += 2 }
            guard let base = window.number(at: offset + 2, count: baseSize, bigEndian: true),
                  let extents = window.number(at: offset + 2 + baseSize, count: 2, bigEndian: true) else { return nil }
            offset += 2 + baseSize + 2
            if id == item {
                guard method == 0, extents > 0, offsetSize <= 8, lengthSize <= 8, baseSize <= 8,
                      let start = window.number(at: offset + indexSize, count: offsetSize, bigEndian: true),
                      let length = window.number(at: offset + indexSize + offsetSize, count: lengthSize, bigEndian: true)
                else { return nil }
                // Eight-byte fields may say anything, negative as an Int included: no sum may overflow.
                let (first, overflow) = base.addingReportingOverflow(start)
                let (end, overflowEnd) = first.addingReportingOverflow(length)
                guard base >= 0, start >= 0, length >= 0, !overflow, !overflowEnd, end <= window.size else { return nil }
                return first..<end
            }
            offset += extents * (indexSize + offsetSize + lengthSize)
            items -= 1
        }
        return nil
    }

    /// An Exif item starts with the offset of its TIFF header, past the "Exif\0\0" most writers put first.
    private static func tiff(inExifAt item: Range<Int>, _ window: inout ByteWindow) -> [UInt8]? {
        guard let skip = window.number(at: item.lowerBound, count: 4, bigEndian: true), skip < item.count else { return nil }
        var bytes: [UInt8] = []
        var offset = item.lowerBound + 4 + skip
        while offset < min(item.upperBound, item.lowerBound + 4 + skip + 65_536), let byte = window.byte(at: offset) {
            bytes.append(byte)
            offset += 1
        }
        return bytes
    }
}
