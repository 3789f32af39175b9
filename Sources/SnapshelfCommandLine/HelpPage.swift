// Lays out a help page for an 80-column terminal. Its texts arrive translated, as flowing
// paragraphs, so that translators never count columns or break lines by hand.
import SnapshelfModel

struct HelpPage {
    enum Block {
        /// The command's syntax, one line per form, which stays as written.
        case usage([String])
        /// Text that flows and wraps to the page's width.
        case paragraph(String)
        /// A heading over terms, each with a description that wraps in its own column.
        case table(heading: String, rows: [(term: String, description: String)])
    }

    static let width = 79
    /// Terms longer than this put their description on the next line instead of widening the column.
    private static let widestTermColumn = 30

    let blocks: [Block]

    var text: String {
        blocks.map(render).joined(separator: "\n\n")
    }

    private func render(_ block: Block) -> String {
        switch block {
        case .usage(let forms):
            let heading = tr("Usage:")
            // The forms line up after the heading when they fit beside it, else they go under it.
            guard forms.allSatisfy({ heading.count + 1 + $0.count <= Self.width }) else {
                return ([heading] + forms.map { "  " + $0 }).joined(separator: "\n")
            }
            let indent = String(repeating: " ", count: heading.count + 1)
            return forms.enumerated().map { ($0.offset == 0 ? heading + " " : indent) + $0.element }.joined(separator: "\n")
        case .paragraph(let text):
            return Self.wrap(text, width: Self.width).joined(separator: "\n")
        case .table(let heading, let rows):
            let column = (rows.map(\.term.count).filter { $0 <= Self.widestTermColumn }.max() ?? 0) + 4
            let descriptionWidth = Self.width - column
            let lines = rows.flatMap { row -> [String] in
                let wrapped = Self.wrap(row.description, width: descriptionWidth)
                let indent = String(repeating: " ", count: column)
                let term = "  " + row.term
                guard term.count + 2 <= column else {
                    return [term] + wrapped.map { indent + $0 }
                }
                let first = term + String(repeating: " ", count: column - term.count) + (wrapped.first ?? "")
                return [first] + wrapped.dropFirst().map { indent + $0 }
            }
            return ([heading] + lines).joined(separator: "\n")
        }
    }

    /// Breaks at ordinary spaces only, so that a translation's no-break spaces (as before a
    /// French colon) hold their words together; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
