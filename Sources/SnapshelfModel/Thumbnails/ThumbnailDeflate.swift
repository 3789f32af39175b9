// The zlib stream of a thumbnail's filtered rows, made by zlib's deflate. Run-length matching
// (Z_RLE) is what a thumbnail's filtered rows gain from: bench/thumbnail-png.c found it as small as
// zlib's level 6 with its full matching, in a third of the time.
import CZlib
import Foundation

enum ThumbnailDeflate {
    /// The zlib stream (RFC 1950) of the bytes.
    static func zlibStream(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var stream = z_stream()
        // deflateInit2 is a macro: its function takes zlib's version and the stream's size.
        let started = deflateInit2_(&stream, 9, Z_DEFLATED, 15, 9, Z_RLE, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "zlib would not start a stream: \(started)")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.avail_in = uInt(bytes.count)
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(bound)
            // deflateBound leaves room for the whole stream, so one call with Z_FINISH ends it.
            let finished = deflate(&stream, Z_FINISH)
            precondition(finished == Z_STREAM_END, "zlib did not end the stream within its bound: \(finished)")
            count = Int(stream.total_out)
        }
    }
}
