// A HEIF's or AVIF's own XMP item, pointed at a new packet that carries the label, so that
// digiKam, which reads sidecars only once asked to, shows the label rather than a title the file
// already carried. Exiv2 0.27 reads these files but cannot write them, and rewriting the meta box
// would move the image data; so the new packet goes in a box of its own at the end of the file, and
// only the XMP item's extent (in iloc) changes, in place: the image data and every other byte stay
// where they were. A sandboxed decoder finds where that extent is written (`HEIFXMPLocation`), so
// the app reads none of the file's boxes; it writes only into its own private copy. A file without
// an XMP item, or whose item cannot be moved in place, is left as it is, and its sidecars carry the label.
import Foundation
import SnapshelfDecoderWire

struct ExportHEIFXMP {
    private let location: HEIFXMPLocation
    private let fileSize: Int
    private let descriptor: Int32

    /// The XMP item of the HEIF-family file open for reading and writing at `descriptor`, nil when
    /// it has none that can be moved, or the decoder could not say.
    init?(descriptor: Int32, path: String) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let found = try? DecoderPool.shared.heifXMPLocation(from: descriptor, path: path),
              found.isPlausible(inFileOf: Int(status.st_size)) else { return nil }
        self.descriptor = descriptor
        fileSize = Int(status.st_size)
        location = found
    }

    /// Appends `packet` in a box of its own and points the XMP item at it; throws the errno of a
    /// write that failed, or EFBIG for a packet the item's fields cannot point at.
    func replace(with packet: [UInt8]) throws(CopyWriter.Failure) {
        let start = fileSize + 8
        // Where there is a base offset, it alone points at the packet: Exiv2 0.27 reads an item
        // at its base offset and ignores its extent's offset.
        let pointer = location.base.size > 0 ? location.base : location.offset
        guard Self.fits(start, in: pointer.size), Self.fits(packet.count, in: location.length.size), Self.fits(packet.count + 8, in: 4) else {
            throw .write(code: EFBIG, detail: String(cString: strerror(EFBIG)))
        }
        try write(Self.bigEndian(packet.count + 8, size: 4) + Array("mdat".utf8) + packet, at: fileSize)
        try write(Self.bigEndian(packet.count, size: location.length.size), at: location.length.position)
        if location.base.size > 0 { try write(Self.bigEndian(0, size: location.offset.size), at: location.offset.position) }
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
}
