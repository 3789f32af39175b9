// A HEIF's or AVIF's own XMP item, pointed at a new packet that carries the label, so that
// digiKam, which reads sidecars only once asked to, shows the label rather than a title the file
// already carried. Exiv2 0.27 reads these files but cannot write them, and rewriting the meta box
// would move the image data; so the new packet goes in a box of its own at the end of the file, and
// only the XMP item's extent (in iloc) changes, in place: the image data and every other byte stay
// where they were. A file without an XMP item, or whose item cannot be moved in place, is left as
// it is, and its sidecars carry the label.
import Foundation

struct ExportHEIFXMP {
    /// Where the XMP item's base offset, extent offset and length are in the file, and how many
    /// bytes each takes: no base offset is 0 bytes.
    private let baseField: (position: Int, size: Int)
    private let offsetField: (position: Int, size: Int)
    private let lengthField: (position: Int, size: Int)
    private let fileSize: Int
    private let descriptor: Int32

    /// The most of a meta box read: one that holds only item information is a few kilobytes.
    private static let maximumMetaBytes = 1 << 22

    /// Finds the XMP item of the HEIF-family file open for reading and writing at `descriptor`.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.descriptor = descriptor
        fileSize = Int(status.st_size)
        guard let (metaStart, meta) = Self.metaBox(descriptor, fileSize: fileSize),
              let item = Self.xmpItem(in: meta), let extent = Self.extent(of: item, in: meta) else { return nil }
        baseField = (metaStart + extent.base.position, extent.base.size)
        offsetField = (metaStart + extent.offset.position, extent.offset.size)
        lengthField = (metaStart + extent.length.position, extent.length.size)
    }

    /// Appends `packet` in a box of its own and points the XMP item at it; throws the errno of a
    /// write that failed, or EFBIG for a packet the item's fields cannot point at.
    func replace(with packet: [UInt8]) throws(CopyWriter.Failure) {
        let start = fileSize + 8
        // Where there is a base offset, it alone points at the packet: Exiv2 0.27 reads an item
        // at its base offset and ignores its extent's offset.
        let pointer = baseField.size > 0 ? baseField : offsetField
        guard Self.fits(start, in: pointer.size), Self.fits(packet.count, in: lengthField.size), Self.fits(packet.count + 8, in: 4) else {
            throw .write(code: EFBIG, detail: String(cString: strerror(EFBIG)))
        }
        try write(Self.bigEndian(packet.count + 8, size: 4) + Array("mdat".utf8) + packet, at: fileSize)
        try write(Self.bigEndian(packet.count, size: lengthField.size), at: lengthField.position)
        if baseField.size > 0 { try write(Self.bigEndian(0, size: offsetField.size), at: offsetField.position) }
        try write(Self.bigEndian(start, size: pointer.size), at: pointer.position)
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws(CopyWriter.Failure) {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else {
            let code = written < 0 ? errno : ENOSPC
            throw .write(code: code, detail: String(cString: strerror(code)))
        }
    }

    private static func fits(_ value: Int, in size: Int) -> Bool {
        size >= 8 || value < 1 << (8 * size)
    }

    private static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }

    /// The top-level meta box's content, and where it starts in the file; nil when a box runs to
    /// the end of the file, where the new packet would land inside it.
    private static func metaBox(_ descriptor: Int32, fileSize: Int) -> (Int, [UInt8])? {
        var offset = 0
        var found: (Int, Int)?
        // HEIF image files list the brand mif1 (ISO/IEC 23008-12), AVIF's avif too.
        let ftyp = read(descriptor, at: 0, count: 64)
        guard ftyp.count >= 16, ftyp[4..<8].elementsEqual("ftyp".utf8),
              stride(from: 8, to: min(ftyp.count, number(ftyp, at: 0, count: 4) ?? 0) - 3, by: 4)
                .contains(where: { ["mif1", "avif", "heic"].contains(String(decoding: ftyp[$0..<($0 + 4)], as: UTF8.self)) }) else { return nil }
        while offset + 8 <= fileSize {
            let header = read(descriptor, at: offset, count: 16)
            guard header.count >= 8, var size = number(header, at: 0, count: 4) else { return nil }
            var headerSize = 8
            if size == 1, let large = number(header, at: 8, count: 8) { (size, headerSize) = (large, 16) }
            guard size >= headerSize, offset + size <= fileSize else { return nil }
            if header[4..<8].elementsEqual("meta".utf8) { found = (offset + headerSize, size - headerSize) }
            offset += size
        }
        guard offset == fileSize, let (start, count) = found, count <= maximumMetaBytes else { return nil }
        let meta = read(descriptor, at: start, count: count)
        return meta.count == count ? (start, meta) : nil
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(bytes.prefix(max(got, 0)))
    }

    private static func number(_ bytes: [UInt8], at offset: Int, count: Int) -> Int? {
        guard offset >= 0, count <= 8, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The meta box's children (past its version and flags), as the ranges of their contents.
    private static func children(of meta: [UInt8], from start: Int, to end: Int) -> [(type: String, content: Range<Int>)] {
        var boxes: [(String, Range<Int>)] = []
        var offset = start
        while offset + 8 <= end, let size = number(meta, at: offset, count: 4), size >= 8, offset + size <= end {
            boxes.append((String(decoding: meta[(offset + 4)..<(offset + 8)], as: UTF8.self), (offset + 8)..<(offset + size)))
            offset += size
        }
        return boxes
    }

    /// The ID of the item of type "mime" whose content type is XMP's, from iinf's entries (infe 2 or 3).
    private static func xmpItem(in meta: [UInt8]) -> Int? {
        guard let iinf = children(of: meta, from: 4, to: meta.count).first(where: { $0.type == "iinf" })?.content,
              iinf.lowerBound < meta.count else { return nil }
        let entries = children(of: meta, from: iinf.lowerBound + 4 + (meta[iinf.lowerBound] == 0 ? 2 : 4), to: iinf.upperBound)
        for entry in entries where entry.type == "infe" {
            let version = Int(meta[entry.content.lowerBound])
            guard version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
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

    /// Where the item's one extent is written in iloc; nil unless it is in this file (construction
    /// method 0, data reference 0) in one extent whose fields take four bytes or more.
    private static func extent(of item: Int, in meta: [UInt8])
        -> (base: (position: Int, size: Int), offset: (position: Int, size: Int), length: (position: Int, size: Int))? {
        guard let iloc = children(of: meta, from: 4, to: meta.count).first(where: { $0.type == "iloc" })?.content,
              let version = number(meta, at: iloc.lowerBound, count: 1), let sizes = number(meta, at: iloc.lowerBound + 4, count: 1),
              let moreSizes = number(meta, at: iloc.lowerBound + 5, count: 1) else { return nil }
        let (offsetSize, lengthSize) = (sizes >> 4, sizes & 0xF)
        let (baseSize, indexSize) = (moreSizes >> 4, version == 0 ? 0 : moreSizes & 0xF)
        let idSize = version < 2 ? 2 : 4
        guard var items = number(meta, at: iloc.lowerBound + 6, count: idSize) else { return nil }
        var offset = iloc.lowerBound + 6 + idSize
        while items > 0, let id = number(meta, at: offset, count: idSize) {
            offset += idSize
            let method = version == 0 ? 0 : (number(meta, at: offset, count: 2) ?? 0) & 0xF
            if version > 0 { offset += 2 }
            guard let reference = number(meta, at: offset, count: 2), let extents = number(meta, at: offset + 2 + baseSize, count: 2)
            else { return nil }
            let base = (position: offset + 2, size: baseSize)
            offset += 2 + baseSize + 2
            if id == item {
                guard method == 0, reference == 0, extents == 1, [0, 4, 8].contains(baseSize), offsetSize >= 4, lengthSize >= 4,
                      offset + indexSize + offsetSize + lengthSize <= iloc.upperBound else { return nil }
                return (base, (offset + indexSize, offsetSize), (offset + indexSize + offsetSize, lengthSize))
            }
            offset += extents * (indexSize + offsetSize + lengthSize)
            items -= 1
        }
        return nil
    }
}
