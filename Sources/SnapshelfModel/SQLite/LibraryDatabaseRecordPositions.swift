// How far this computer has read each computer's records (see `ComputerRecords`): a rebuild
// starts afresh, and reads them all again, which changes nothing already taken in.
import Foundation

extension LibraryDatabase {
    /// Where the next reading of each file starts, by its name.
    func recordPositions() throws(LibraryError) -> [String: ComputerRecords.Position] {
        let statement = try connection.prepare("SELECT file, offset, tail FROM read_records", during: .readingChangeRecords)
        var positions: [String: ComputerRecords.Position] = [:]
        while try statement.step() {
            positions[statement.text(at: 0)] = ComputerRecords.Position(offset: Int(statement.integer(at: 1)), tail: Self.bytes(hex: statement.text(at: 2)))
        }
        return positions
    }

    /// Records where the next reading of each file starts, in one transaction.
    func setRecordPositions(_ positions: [String: ComputerRecords.Position]) throws(LibraryError) {
        try connection.run("""
            INSERT INTO read_records (file, offset, tail) VALUES (?, ?, ?)
                ON CONFLICT (file) DO UPDATE SET offset = excluded.offset, tail = excluded.tail
            """, forEach: positions.map { file, position in
                [.text(file), .integer(Int64(position.offset)), .text(position.tail.map { String(format: "%02x", $0) }.joined())]
            }, during: .readingChangeRecords)
    }

    /// The bytes hexadecimal text gives, as `setRecordPositions` writes them; none where it is not such.
    private static func bytes(hex text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return [] }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }
}
