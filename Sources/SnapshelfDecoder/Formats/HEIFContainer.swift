// Whether a HEIF or AVIF file's primary image carries rotation or mirroring properties (irot,
// imir; ISO/IEC 23008-12), which libheif applies while decoding, so that its Exif orientation is
// not applied a second time. Read here, box by box through a window, since libheif 1.15 applies
// these properties but has no call that says whether an image has them; its Exif and XMP items
// are read with libheif itself (`HEIFItems`). Every size is compared with what holds it, never
// added where it could overflow.
import Foundation

struct HEIFContainer {
    /// Whether the primary image carries an irot or imir property.
    let hasTransforms: Bool

    /// Reads the file's meta box, or nil when the file is no HEIF-family file or has none.
    init?(_ window: inout ByteWindow) {
        guard window.matches(Array("ftyp".utf8), at: 4),
              let meta = Self.children(of: 0..<window.size, in: &window)["meta"] else { return nil }
        // meta is a full box: a version and flags before its children.
        let boxes = Self.children(of: (meta.lowerBound + 4)..<meta.upperBound, in: &window)
        guard let primary = boxes["pitm"].flatMap({ Self.primaryItem(in: $0, &window) }) else { return nil }
        hasTransforms = boxes["iprp"].map { Self.transforms(of: primary, inProperties: $0, &window) } ?? false
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
}
