// What one of Shotwell's PhotoTable rows brings to its photo: its title as the label, its
// orientation, and its exposure time. Odd values are read as Shotwell would show them: a title
// that is no UTF-8 keeps what it can, an orientation outside EXIF's 1 to 8 is the file's own.
import Foundation

enum ShotwellDetails {
    /// The details of the row of `file`, whose database is of schema `schema`.
    static func of(file: FileName, title: ShotwellDatabase.Value, orientation: Int64?, exposureTime: Int64?,
                   schema: Int) -> ImportedDetails {
        var notes: [ImportNote] = []
        let label = self.label(title, of: file, notes: &notes)
        // Before schema 24, Shotwell wrote 0 for a photo whose date it did not know.
        let taken = exposureTime.flatMap { $0 == 0 && schema < 24 ? nil : Date(timeIntervalSince1970: TimeInterval($0)) }
        let shown = orientation.flatMap { (1...8).contains($0) ? Int($0) : nil }
        return ImportedDetails(label: label, orientation: shown, taken: taken, notes: notes)
    }

    /// The title under the label rules; nil when it is missing or shows nothing, so the file's
    /// own title is taken instead. A note says what had to change.
    private static func label(_ value: ShotwellDatabase.Value, of file: FileName, notes: inout [ImportNote]) -> Label? {
        let bytes: [UInt8]
        switch value {
        case .bytes(let stored): bytes = stored
        case .integer(let number): bytes = Array(String(number).utf8)
        case .real(let number): bytes = Array(String(number).utf8)
        case .null: return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let label = Label.fitting(text)
        guard !label.text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        var changes: [ImportNote.TitleChange] = []
        let invalid = invalidSequences(in: bytes)
        if invalid > 0 { changes.append(.notUTF8(sequences: invalid)) }
        do throws(Label.Problem) {
            if let normalisation = try Label(text).normalisation { changes.append(.normalised(normalisation)) }
        } catch {
            changes.append(.cut)
        }
        if !changes.isEmpty { notes.append(.titleChanged(file, source: .shotwell, changes)) }
        return label
    }

    /// How many sequences of the bytes are no UTF-8, each of which becomes one U+FFFD.
    private static func invalidSequences(in bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var count = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return count
            case .error: count += 1
            }
        }
    }
}
