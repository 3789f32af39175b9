// Finds, inside a sandboxed decoder, where a HEIF's or AVIF's own XMP item is located, so that an
// export can point it at a new packet (see the app's `ExportHEIFXMP`). libheif gives an item's
// bytes but not where its iloc entry lies, which is what an export rewrites in place; so these
// boxes (ISO/IEC 23008-12, ISO/IEC 14496-12) are read here, box by box, every length checked
// against what holds it and no sum able to overflow. Only the positions go back to the app.
import Foundation
import SnapshelfDecoderWire

enum HEIFXMPLocator {
    /// The most of a meta box read: one that holds only item information is a few kilobytes.
    private static let maximumMetaBytes = 1 << 22

    /// The XMP item's location in the open file, or nil when it has none that can be moved in
    /// place: one extent in the file itself, whose fields take four or eight bytes.
    static func locate(inFileOpenAs descriptor: Int32) -> HEIFXMPLocation? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let (metaStart, meta) = metaBox(descriptor, fileSize: Int(status.st_size)),
              let item = xmpItem(in: meta), let extent = extent(of: item, in: meta) else { return nil }
        func inFile(_ field: HEIFXMPLocation.Field) -> HEIFXMPLocation.Field {
            HEIFXMPLocation.Field(position: metaStart + field.position, size: field.size)
        }
        return HEIFXMPLocation(base: inFile(extent.base), offset: inFile(extent.offset), length: inFile(extent.length))
    }

    /// The top-level meta box's content, and where it starts in the file; nil when a box runs to
    /// the end of the file, where a new packet would land inside it.
    private static func metaBox(_ descriptor: Int32, fileSize: Int) -> (Int, [UInt8])? {
        var offset = 0
        var found: (start: Int, count: Int)?
        // HEIF image files list the brand mif1 (ISO/IEC 23008-12), AVIF's avif too.
        let ftyp = read(descriptor, at: 0, count: 64)
        guard ftyp.count >= 16, ftyp[4..<8].elementsEqual("ftyp".utf8),
              stride(from: 8, to: min(ftyp.count, number(ftyp, at: 0, count: 4) ?? 0) - 3, by: 4)
                .contains(where: { ["mif1", "avif", "heic"].contains(String(decoding: ftyp[$0..<($0 + 4)], as: UTF8.self)) }) else { return nil }
        while fileSize - offset >= 8 {
            let header = read(descriptor, at: offset, count: 16)
            guard header.count >= 8, var size = number(header, at: 0, count: 4) else { return nil }
            var headerSize = 8
            if size == 1, let large = number(header, at: 8, count: 8) { (size, headerSize) = (large, 16) }
            // A 64-bit size may be anything, negative as an Int included: compared, never added.
            guard size >= headerSize, size <= fileSize - offset else { return nil }
            if header[4..<8].elementsEqual("meta".utf8) { found = (offset + headerSize, size - headerSize) }
            offset += size
        }
        guard offset == fileSize, let found, found.count <= maximumMetaBytes else { return nil }
        let meta = read(descriptor, at: found.start, count: found.count)
        return meta.count == found.count ? (found.start, meta) : nil
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(bytes.prefix(max(got, 0)))
    }

    /// The big-endian number of `count` bytes at `offset`, or nil when they are not all there.
    private static func number(_ bytes: [UInt8], at offset: Int, count: Int) -> Int? {
        guard offset >= 0, count >= 0, count <= 8, offset <= bytes.count - count else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The boxes from `start` to `end`, as the ranges of their contents.
    private static func children(of meta: [UInt8], from start: Int, to end: Int) -> [(type: String, content: Range<Int>)] {
        var boxes: [(String, Range<Int>)] = []
        var offset = start
        while offset >= 0, end <= meta.count, end - offset >= 8, let size = number(meta, at: offset, count: 4), size >= 8, size <= end - offset {
            boxes.append((String(decoding: meta[(offset + 4)..<(offset + 8)], as: UTF8.self), (offset + 8)..<(offset + size)))
            offset += size
        }
        return boxes
    }

    /// The ID of the item of type "mime" whose content type is XMP's, from iinf's entries (infe 2 or 3).
    private static func xmpItem(in meta: [UInt8]) -> Int? {
        guard let iinf = children(of: meta, from: 4, to: meta.count).first(where: { $0.type == "iinf" })?.content,
              let version = number(meta, at: iinf.lowerBound, count: 1) else { return nil }
        let entries = children(of: meta, from: iinf.lowerBound + 4 + (version == 0 ? 2 : 4), to: iinf.upperBound)
        for entry in entries where entry.type == "infe" {
            guard let entryVersion = number(meta, at: entry.content.lowerBound, count: 1), entryVersion >= 2 else { continue }
            let idSize = entryVersion == 2 ? 2 : 4
            let typeAt = entry.content.lowerBound + 4 + idSize + 2
            guard typeAt + 4 <= entry.content.upperBound, meta[typeAt..<(typeAt + 4)].elementsEqual("mime".utf8) else { continue }
            // A name, then the content type, each ending in a NUL.
            let strings = meta[(typeAt + 4)..<entry.content.upperBound].split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            if strings.count >= 2, strings[1].elementsEqual("application/rdf+xml".utf8) {
                return number(meta, at: entry.content.lowerBound + 4, count: idSize)
            }
        }
        return nil
    }

    /// Where the item's one extent is written in iloc, relative to the meta box's content; nil
    /// unless it is in this file (construction method 0, data reference 0) in one extent whose
    /// fields take four or eight bytes, after a base offset of none, four or eight.
    private static func extent(of item: Int, in meta: [UInt8])
        -> (base: HEIFXMPLocation.Field, offset: HEIFXMPLocation.Field, length: HEIFXMPLocation.Field)? {
        guard let iloc = children(of: meta, from: 4, to: meta.count).first(where: { $0.type == "iloc" })?.content,
              let version = number(meta, at: iloc.lowerBound, count: 1), let sizes = number(meta, at: iloc.lowerBound + 4, count: 1),
              let moreSizes = number(meta, at: iloc.lowerBound + 5, count: 1) else { return nil }
        let (offsetSize, lengthSize) = (sizes >> 4, sizes & 0xF)
        let (baseSize, indexSize) = (moreSizes >> 4, version == 0 ? 0 : moreSizes & 0xF)
        let idSize = version < 2 ? 2 : 4
        guard var items = number(meta, at: iloc.lowerBound + 6, count: idSize) else { return nil }
        var offset = iloc.lowerBound + 6 + idSize
        while items > 0, offset < iloc.upperBound, let id = number(meta, at: offset, count: idSize) {
            offset += idSize
            let method = version == 0 ? 0 : (number(meta, at: offset, count: 2) ?? 0) & 0xF
            if version > 0 { offset += 2 }
            guard let reference = number(meta, at: offset, count: 2), let extents = number(meta, at: offset + 2 + baseSize, count: 2)
            else { return nil }
            let base = HEIFXMPLocation.Field(position: offset + 2, size: baseSize)
            offset += 2 + baseSize + 2
            if id == item {
                guard method == 0, reference == 0, extents == 1, [0, 4, 8].contains(baseSize), [4, 8].contains(offsetSize),
                      [4, 8].contains(lengthSize), offset + indexSize + offsetSize + lengthSize <= iloc.upperBound else { return nil }
                return (base, .init(position: offset + indexSize, size: offsetSize),
                        .init(position: offset + indexSize + offsetSize, size: lengthSize))
            }
            offset += extents * (indexSize + offsetSize + lengthSize)
            items -= 1
        }
        return nil
    }
}
