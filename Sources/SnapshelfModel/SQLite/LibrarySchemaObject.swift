// One entry of a database's schema as `LibrarySchemaCheck` compares it: its type and name, and its
// SQL with runs of white space made one space. A plain table is taken apart into its shape, what
// stands around the parentheses, and its parts, each column and constraint, since `ALTER TABLE`
// adds and drops columns in its SQL: the parts are compared as a set, not in their order.
import Foundation

struct LibrarySchemaObject {
    let type: String
    let name: String
    /// The SQL, or for a plain table its SQL with the parts left out.
    let shape: String
    /// A plain table's columns and constraints; none for anything else.
    let parts: Set<String>
    /// Whether it has no SQL at all, as the index SQLite makes for a table's constraint has.
    let sqlIsNull: Bool
    /// The table it belongs to, as the schema says.
    let table: String

    var key: String { type + " " + name }

    init(type: String, name: String, sql: String, sqlIsNull: Bool = false, table: String = "") {
        (self.type, self.name, self.sqlIsNull, self.table) = (type, name, sqlIsNull, table)
        let normalized = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard type == "table", normalized.uppercased().hasPrefix("CREATE TABLE"), let split = Self.parts(of: normalized) else {
            (shape, parts) = (normalized, [])
            return
        }
        (shape, parts) = (split.head + "(…)" + split.tail, Set(split.parts))
    }

    /// What stands before the first parenthesis, the parts between it and its match, split at the
    /// commas outside parentheses and quotes, and what stands after; nil when they do not match.
    private static func parts(of sql: String) -> (head: String, parts: [String], tail: String)? {
        guard let open = sql.firstIndex(of: "(") else { return nil }
        var (depth, quote, parts, current) = (0, Character?.none, [String](), "")
        var index = sql.index(after: open)
        while index < sql.endIndex {
            let character = sql[index]
            if let open = quote {
                if character == (open == "[" ? "]" : open) { quote = nil }
                current.append(character)
            } else if "'\"`[".contains(character) {
                (quote, current) = (character, current + String(character))
            } else if character == "(" {
                (depth, current) = (depth + 1, current + "(")
            } else if character == ")" && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                let tail = sql[sql.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return (String(sql[..<open]).trimmingCharacters(in: .whitespaces), parts, tail)
            } else if character == ")" {
                (depth, current) = (depth - 1, current + ")")
            } else if character == "," && depth == 0 {
                (parts, current) = (parts + [current.trimmingCharacters(in: .whitespaces)], "")
            } else {
                current.append(character)
            }
            index = sql.index(after: index)
        }
        return nil
    }
}
