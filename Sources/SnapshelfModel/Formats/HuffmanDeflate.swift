// A zlib stream of Huffman codes and runs alone, for thumbnails: deflate blocks whose codes are
// made from the counts of the bytes themselves, with runs of one byte as copies from one byte back
// (`DeflateRuns`), written with a table lookup per byte or run. zlib's own Huffman-only and RLE
// strategies do the same work a byte at a time through its general machinery, which took 7% of
// an import's processor time; this takes about a third as long, for files of the same size. The
// stream is plain deflate (RFC 1950 and 1951), which any PNG reader inflates.
import CZlib
import Foundation

enum HuffmanDeflate {
    /// The longest code deflate allows for a byte, and for a code length.
    private static let longestCode = 15
    private static let longestLengthCode = 7
    /// The order in which deflate lists the code lengths' own code lengths.
    private static let lengthCodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let endOfBlock = 256
    /// Literals, the end of block and the 29 lengths.
    private static let literalLengthSymbols = 286

    /// Bytes and runs per block, about: each block has a code of its own, which follows a
    /// thumbnail's parts more closely than one code for all, for a header of about fifty bytes.
    private static let blockSize = 1 << 14

    /// The bytes as a zlib stream: a header, blocks of literals and runs, and the Adler-32 sum.
    static func zlibStream(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let tokens = DeflateRuns.tokens(input)
        // Room for every byte at the longest code (a run of at least three takes less), the headers and the sum.
        return [UInt8](unsafeUninitializedCapacity: input.count * longestCode / 8 + (input.count / blockSize + 2) * 512) { buffer, written in
            var writer = BitWriter(buffer.baseAddress!)
            // Deflate with a 32 KiB window and the fastest level's flag; 0x7801 is a multiple of 31.
            writer.write(0x0178, count: 16)
            // Blocks of one size, so that no last block is too small to be worth its header.
            let blocks = max(1, (tokens.count + blockSize / 2) / blockSize)
            tokens.withUnsafeBufferPointer { tokens in
                for block in 0..<blocks {
                    let range = tokens.count * block / blocks..<tokens.count * (block + 1) / blocks
                    writeBlock(UnsafeBufferPointer(rebasing: tokens[range]), final: block == blocks - 1, to: &writer)
                }
            }
            writer.finishByte()
            let sum = UInt32(adler32(1, input.baseAddress, uInt(input.count)))
            // The sum goes highest byte first, the stream lowest bit first.
            writer.write(UInt64(sum.byteSwapped), count: 32)
            written = writer.finish()
        }
    }

    /// One block of tokens, coded by the Huffman code their counts make.
    private static func writeBlock(_ tokens: UnsafeBufferPointer<UInt16>, final: Bool, to writer: inout BitWriter) {
        var frequencies = [Int](repeating: 0, count: literalLengthSymbols)
        frequencies.withUnsafeMutableBufferPointer { counts in
            DeflateRuns.symbols.withUnsafeBufferPointer { symbols in
                for token in tokens { counts[Int(symbols[Int(token)])] += 1 }
            }
        }
        frequencies[endOfBlock] = 1
        let literalLengths = codeLengths(frequencies, limit: longestCode)
        // Runs use distance code 0, one byte back; zlib's own streams always declare two, which every inflater takes.
        let runs = lengthRuns(literalLengths + [1, 1])
        var lengthFrequencies = [Int](repeating: 0, count: 19)
        runs.forEach { lengthFrequencies[$0.symbol] += 1 }
        let lengthCodeLengths = codeLengths(lengthFrequencies, limit: longestLengthCode)
        let lengthCodes = canonicalCodes(lengthCodeLengths)
        let declared = (4...19).last { lengthCodeLengths[lengthCodeOrder[$0 - 1]] != 0 } ?? 4
        writer.write(final ? 1 : 0, count: 1)
        writer.write(2, count: 2)
        writer.write(UInt64(literalLengths.count - 257), count: 5)
        writer.write(1, count: 5)
        writer.write(UInt64(declared - 4), count: 4)
        for symbol in lengthCodeOrder.prefix(declared) {
            writer.write(UInt64(lengthCodeLengths[symbol]), count: 3)
        }
        for run in runs {
            writer.write(lengthCodes[run.symbol], count: lengthCodeLengths[run.symbol])
            switch run.symbol {
            case 16: writer.write(UInt64(run.count - 3), count: 2)
            case 17: writer.write(UInt64(run.count - 3), count: 3)
            case 18: writer.write(UInt64(run.count - 11), count: 7)
            default: break
            }
        }
        let codes = canonicalCodes(literalLengths)
        // Each token's bits in the low 32 bits, their count above: a byte's code, or a run's length
        // code, its extra bits and distance code 0, which is one bit, 0.
        let table = (0..<DeflateRuns.tokenCount).map { token -> UInt64 in
            let symbol = Int(DeflateRuns.symbols[token])
            guard literalLengths[symbol] > 0 else { return 0 }
            guard let run = DeflateRuns.lengthCode(of: token) else { return codes[symbol] | UInt64(literalLengths[symbol]) << 32 }
            return codes[symbol] | UInt64(run.extra) << UInt64(literalLengths[symbol])
                | UInt64(literalLengths[symbol] + run.extraBits + 1) << 32
        }
        table.withUnsafeBufferPointer { writer.writeTokens(tokens, codedBy: $0) }
        writer.write(codes[endOfBlock], count: literalLengths[endOfBlock])
    }

    /// The lengths as deflate's code-length symbols: 16 to repeat the length before three to six
    /// times, 17 and 18 for runs of zeros, a length itself otherwise.
    private static func lengthRuns(_ lengths: [Int]) -> [(symbol: Int, count: Int)] {
        var runs: [(symbol: Int, count: Int)] = []
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var same = 1
            while index + same < lengths.count, lengths[index + same] == length { same += 1 }
            index += same
            if length == 0 {
                while same >= 11 {
                    runs.append((18, min(same, 138)))
                    same -= min(same, 138)
                }
                if same >= 3 {
                    runs.append((17, same))
                    same = 0
                }
            } else {
                runs.append((length, 1))
                same -= 1
                while same >= 3 {
                    runs.append((16, min(same, 6)))
                    same -= min(same, 6)
                }
            }
            runs += repeatElement((symbol: length, count: 1), count: same)
        }
        return runs
    }

    /// Huffman code lengths for the frequencies, none longer than `limit`, making a complete code
    /// as inflaters require: at least two symbols get a code, even when fewer occur.
    private static func codeLengths(_ frequencies: [Int], limit: Int) -> [Int] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        for extra in frequencies.indices where used.count < 2 && !used.contains(extra) {
            used.append(extra)
        }
        let depth = treeDepths(of: used.map { frequencies[$0] })
        // Codes past the limit are brought up to it, then codes are lengthened, shortest last, until
        // the code is complete again; the most frequent symbols then take the shortest lengths.
        var counts = [Int](repeating: 0, count: limit + 1)
        depth.forEach { counts[min($0, limit)] += 1 }
        var total = (1...limit).reduce(0) { $0 + counts[$1] << (limit - $1) }
        while total > 1 << limit {
            counts[limit] -= 1
            if let shorter = (1..<limit).last(where: { counts[$0] > 0 }) {
                counts[shorter] -= 1
                counts[shorter + 1] += 2
            }
            total -= 1
        }
        var lengths = [Int](repeating: 0, count: frequencies.count)
        var byFrequency = used.sorted { (frequencies[$0], $1) > (frequencies[$1], $0) }.makeIterator()
        for length in 1...limit {
            for _ in 0..<counts[length] { lengths[byFrequency.next()!] = length }
        }
        return lengths
    }

    /// The depth of each leaf in a Huffman tree of these weights, built by taking the two lightest
    /// nodes each time from the leaves, sorted, and from the nodes made so far, which come out sorted.
    private static func treeDepths(of weights: [Int]) -> [Int] {
        let leaves = weights.indices.sorted { weights[$0] < weights[$1] }
        var weight = leaves.map { weights[$0] }
        var parent = [Int](repeating: 0, count: 2 * leaves.count - 1)
        var (nextLeaf, nextNode) = (0, leaves.count)
        func lightest() -> Int {
            let node = nextLeaf < leaves.count && (nextNode == weight.count || weight[nextLeaf] <= weight[nextNode]) ? nextLeaf : nextNode
            if node == nextLeaf { nextLeaf += 1 } else { nextNode += 1 }
            return node
        }
        for _ in 1..<leaves.count {
            let (first, second) = (lightest(), lightest())
            (parent[first], parent[second]) = (weight.count, weight.count)
            weight.append(weight[first] + weight[second])
        }
        // A parent is made after its children, so the root is last, and depths follow from it down.
        var nodeDepth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) {
            nodeDepth[node] = nodeDepth[parent[node]] + 1
        }
        var depths = [Int](repeating: 0, count: weights.count)
        for (position, leaf) in leaves.enumerated() {
            depths[leaf] = nodeDepth[position]
        }
        return depths
    }

    /// Deflate's canonical codes for the lengths, bit-reversed, since the stream is read from the
    /// lowest bit while codes are read from their highest.
    private static func canonicalCodes(_ lengths: [Int]) -> [UInt64] {
        var counts = [Int](repeating: 0, count: (lengths.max() ?? 0) + 1)
        lengths.filter { $0 > 0 }.forEach { counts[$0] += 1 }
        var next = [Int](repeating: 0, count: counts.count + 1)
        var code = 0
        for length in counts.indices.dropFirst() {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            var reversed = UInt16(truncatingIfNeeded: next[length])
            reversed = (reversed & 0x5555) << 1 | (reversed >> 1) & 0x5555
            reversed = (reversed & 0x3333) << 2 | (reversed >> 2) & 0x3333
            reversed = (reversed & 0x0F0F) << 4 | (reversed >> 4) & 0x0F0F
            reversed = reversed << 8 | reversed >> 8
            return UInt64(reversed >> (16 - length))
        }
    }

    /// Packs codes from the lowest bit up, four bytes at a time.
    private struct BitWriter {
        private let start: UnsafeMutablePointer<UInt8>
        private var next: UnsafeMutablePointer<UInt8>
        private var bits: UInt64 = 0
        private var count = 0

        init(_ start: UnsafeMutablePointer<UInt8>) {
            self.start = start
            next = start
        }

        /// Adds up to 32 bits, storing the lowest word held once there is one.
        mutating func write(_ value: UInt64, count length: Int) {
            bits |= value << UInt64(count)
            count += length
            guard count >= 32 else { return }
            UnsafeMutableRawPointer(next).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            next += 4
            bits >>= 32
            count -= 32
        }

        /// Writes each token's bits from the table, which holds them in its low 32 bits and their
        /// count, at most 21, above. The bits are kept in locals, which the compiler holds in
        /// registers, and one token fits beside the 31 bits that may wait, so the shifts and sums
        /// need none of Swift's checks.
        mutating func writeTokens(_ tokens: UnsafeBufferPointer<UInt16>, codedBy table: UnsafeBufferPointer<UInt64>) {
            var (bits, count, next) = (self.bits, self.count, self.next)
            for token in tokens {
                let entry = table[Int(token)]
                bits |= (entry & 0xFFFF_FFFF) &<< UInt64(count)
                count &+= Int(entry >> 32)
                if count >= 32 {
                    UnsafeMutableRawPointer(next).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
                    next += 4
                    bits &>>= 32
                    count &-= 32
                }
            }
            (self.bits, self.count, self.next) = (bits, count, next)
        }

        /// Pads to a whole byte, as the end of a final block is.
        mutating func finishByte() {
            write(0, count: (8 - count % 8) % 8)
        }

        /// The number of bytes written, the bits still held included.
        mutating func finish() -> Int {
            while count > 0 {
                next.pointee = UInt8(truncatingIfNeeded: bits)
                next += 1
                bits >>= 8
                count -= 8
            }
            return next - start
        }
    }
}
