// The SQL condition a search of the library becomes: which rows match the words typed, looked
// up in the label's trigram index where it can be.
enum SearchCondition {
    /// A photo matches when its label or its original file name holds every word of the text, in
    /// any order ("lake dawn" finds "Dawn at the lake", "img_20" finds IMG_2024.JPG), ignoring
    /// case, and in labels accents too; text without words matches as it is.
    static func matching(_ foldedText: String, namesIndexed: Bool) -> (String, [SQLiteValue]) {
        let words = foldedText.split(whereSeparator: \.isWhitespace).map(String.init)
        let conditions = (words.isEmpty ? [foldedText] : words).map { word in
            let (label, labelValue) = wordCondition(word)
            let (name, nameValue) = nameCondition(word, indexed: namesIndexed)
            return ("(\(label) OR \(name))", [labelValue, nameValue])
        }
        return (conditions.map(\.0).joined(separator: " AND "), conditions.flatMap(\.1))
    }

    /// Names are looked up in their own trigram index, which ignores case; a word too short for
    /// a trigram, or a library without the index, reads every name, folding ASCII letters only.
    private static func nameCondition(_ word: String, indexed: Bool) -> (String, SQLiteValue) {
        guard indexed, word.unicodeScalars.count >= 3 else {
            return ("instr(lower(original_name), ?) > 0", .text(word.lowercased()))
        }
        return ("id IN (SELECT rowid FROM name_index WHERE name_index MATCH ?)", .text(phrase(word)))
    }

    /// A word of three characters or more is looked up in the trigram index as a phrase, which
    /// matches exactly where it is a substring; a shorter one has no trigram, so every key is read.
    private static func wordCondition(_ word: String) -> (String, SQLiteValue) {
        guard word.unicodeScalars.count >= 3 else {
            return ("instr(label_key, ?) > 0", .text(word))
        }
        return ("id IN (SELECT rowid FROM label_index WHERE label_index MATCH ?)", .text(phrase(word)))
    }

    /// The word as an FTS5 phrase, which matches exactly where it is a substring.
    private static func phrase(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
