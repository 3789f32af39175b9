// Runs of one byte in a thumbnail's filtered rows, found for deflate to code as copies from one
// byte back, as zlib's RLE strategy does: a flat stretch of a photo filters to a run of zeros,
// which one copy codes in a few bits where Huffman codes alone spend a bit or two on every byte.
enum DeflateRuns {
    /// The shortest run coded as a copy. Shorter ones cost more as a copy than as bytes in photos'
    /// thumbnails: 5 made the benchmark's smallest, against zlib's 3.
    private static let shortestRun = 5
    private static let longestRun = 258
    /// Tokens are bytes below 256, and runs of n bytes as 256 + n.
    static let tokenCount = 256 + longestRun + 1

    /// The first length of each of deflate's length symbols, 257 to 285, and its extra bits (RFC 1951, 3.2.5).
    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                      131, 163, 195, 227, 258]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// The bytes as tokens: each byte, or the run that repeats the byte before it.
    static func tokens(_ input: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: input.count) { tokens, count in
            var (index, written) = (0, 0)
            while index < input.count {
                let byte = input[index]
                if index > 0, input[index &- 1] == byte {
                    let limit = min(input.count, index &+ longestRun)
                    var end = index &+ 1
                    while end < limit, input[end] == byte { end &+= 1 }
                    if end &- index >= shortestRun {
                        tokens[written] = UInt16(256 &+ end &- index)
                        written &+= 1
                        index = end
                        continue
                    }
                }
                tokens[written] = UInt16(byte)
                (written, index) = (written &+ 1, index &+ 1)
            }
            count = written
        }
    }

    /// The run's length symbol, and its extra bits: how many, and their value; nil for a byte.
    static func lengthCode(of token: Int) -> (symbol: Int, extraBits: Int, extra: Int)? {
        guard token >= 256 + shortestRun else { return nil }
        let length = token - 256
        let index = lengthBases.lastIndex { $0 <= length }!
        return (257 + index, lengthExtraBits[index], length - lengthBases[index])
    }

    /// Deflate's literal or length symbol for each token; tokens no run makes get the end of block's.
    static let symbols: [UInt16] = (0..<tokenCount).map { token in
        token < 256 ? UInt16(token) : UInt16(lengthCode(of: token)?.symbol ?? 256)
    }
}
