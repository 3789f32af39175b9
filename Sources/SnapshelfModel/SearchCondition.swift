// The SQL condition a search of the library becomes: which rows match the words typed, looked
// up in the label's trigram index where it can be.
enum SearchCondition {
    /// A photo matches when its label or its original file name holds every word of the text, in
    /// any order ("lake dawn" finds "Dawn at the lake", "img_20" finds IMG_2024.JPG); text
    /// without words matches as it is. File names are matched ignoring the case of ASCII letters
    /// only, since SQLite folds no other, and without an index: they are short.
    static func matching(_ foldedText: String) -> (String, [SQLiteValue]) {
        let words = foldedText.split(whereSeparator: \.isWhitespace).map(String.init)
        let conditions = (words.isEmpty ? [foldedText] : words).map { word in
            let (label, value) = wordCondition(word)
            return ("(\(label) OR instr(lower(original_name), ?) > 0)", [value, .text(word.lowercased())])
        }
        return (conditions.map(\.0).joined(separator: " AND "), conditions.flatMap(\.1))
    }

    /// A word of three characters or more is looked up in the trigram index as a phrase, which
    /// matches exactly where it is a substring; a shorter one has no trigram, so every key is read.
    private static func wordCondition(_ word: String) -> (String, SQLiteValue) {
        guard word.unicodeScalars.count >= 3 else {
            return ("instr(label_key, ?) > 0", .text(word))
        }
        let phrase = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return ("id IN (SELECT rowid FROM label_index WHERE label_index MATCH ?)", .text(phrase))
    }
}
