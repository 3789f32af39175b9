// One message of a gettext catalogue (.po or .pot), read with its translations as written in
// the file, escapes and all, which is enough to compare a template with a translation.
import Foundation

struct CatalogueEntry {
    var id = ""
    /// Empty when the message has no plural form.
    var plural = ""
    var translations: [String] = []
    var isFuzzy = false

    /// The file's messages, without the header and without obsolete (#~) ones.
    static func read(_ file: URL) throws -> [CatalogueEntry] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var entries: [CatalogueEntry] = []
        for block in text.components(separatedBy: "\n\n") {
            var entry = CatalogueEntry()
            var field: WritableKeyPath<CatalogueEntry, String>?
            var translation: Int?
            for line in block.split(separator: "\n").map(String.init) {
                if line.hasPrefix("#,") {
                    entry.isFuzzy = entry.isFuzzy || line.contains("fuzzy")
                } else if line.hasPrefix("msgid_plural ") {
                    entry.plural = quoted(line)
                    (field, translation) = (\.plural, nil)
                } else if line.hasPrefix("msgid ") {
                    entry.id = quoted(line)
                    (field, translation) = (\.id, nil)
                } else if line.hasPrefix("msgstr") {
                    entry.translations.append(quoted(line))
                    (field, translation) = (nil, entry.translations.count - 1)
                } else if line.hasPrefix("\"") {
                    if let field { entry[keyPath: field] += quoted(line) }
                    if let translation { entry.translations[translation] += quoted(line) }
                }
            }
            if !entry.id.isEmpty { entries.append(entry) }
        }
        return entries
    }

    /// The text between a line's first and last quotation marks.
    private static func quoted(_ line: String) -> String {
        guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { return "" }
        return String(line[line.index(after: first)..<last])
    }
}
