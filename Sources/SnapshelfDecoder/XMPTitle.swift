// Finds the XMP packet a file's title is read from, in a decoder: an XMP sidecar is its own
// packet; a photo's is the one Exiv2 read, which gexiv2 gives back as Exiv2 wrote it anew, its
// languages sorted, or as the file has it when Exiv2 could not read it. Where the order matters,
// a title in several languages and none the default, the photo's own packet is looked for in its
// bytes, and taken only if it holds the very languages Exiv2 found.
import Foundation
import SnapshelfModel

enum XMPTitle {
    private static let opening = Array("<x:xmpmeta".utf8)
    private static let closing = Array("</x:xmpmeta>".utf8)

    /// The title the file holds, why its XMP could not be read, or nil when it has no XMP.
    static func read(from metadata: Metadata, file: UnsafeRawBufferPointer) -> Result<TitleParser.Reading, Metadata.Failure>? {
        if isPacket(file) { return TitleParser.read(packet: file) }
        guard let packet = metadata.xmpPacket() else { return nil }
        let exiv2 = TitleParser.read(packet: packet)
        guard metadata.hasTitle, case .success(let reading) = exiv2, reading.languages.count > 1,
              !reading.languages.contains("x-default") else { return exiv2 }
        let wanted = Set(reading.languages)
        var start = 0
        while let span = nextPacket(in: file, from: start) {
            if case .success(let own) = TitleParser.read(packet: UnsafeRawBufferPointer(rebasing: file[span])), Set(own.languages) == wanted {
                return .success(own)
            }
            start = span.upperBound
        }
        return exiv2
    }

    /// Whether the file is XMP itself, as a sidecar is: markup from its first byte, after a
    /// byte order mark and white space. No photo format begins so.
    private static func isPacket(_ file: UnsafeRawBufferPointer) -> Bool {
        var bytes = file[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// The bytes from the next `<x:xmpmeta` on to its `</x:xmpmeta>`.
    private static func nextPacket(in file: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        guard let begin = find(opening, in: file, from: start),
              let end = find(closing, in: file, from: begin + opening.count) else { return nil }
        return begin..<(end + closing.count)
    }

    private static func find(_ needle: [UInt8], in file: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < file.count else { return nil }
        return file[start...].firstRange(of: needle)?.lowerBound
    }
}
