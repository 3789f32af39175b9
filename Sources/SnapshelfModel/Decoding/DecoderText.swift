// What a decoder says is data from a process that may be hostile: a loader's error, its last
// words on stderr, a camera's name from the file. Before any of it reaches a terminal, a
// notification or the database it becomes one short line of plain text, under rules stricter
// than DisplayName's: line breaks and tabs become spaces, and control characters (ESC, BEL and
// the C1 controls among them), bidi embeddings, overrides, isolates and marks, and the line and
// paragraph separators are dropped rather than shown, so nothing of it can command a terminal or
// reorder the text around it.
import Foundation

enum DecoderText {
    /// The most characters of a decoder's words that are kept; the rest becomes "…".
    static let limit = 300

    /// The bytes as text, invalid UTF-8 as U+FFFD, cleaned.
    static func clean(_ bytes: some Collection<UInt8>, limit: Int = limit) -> String {
        clean(String(decoding: Array(bytes), as: UTF8.self), limit: limit)
    }

    static func clean(_ text: String, limit: Int = limit) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                pendingSpace = !result.isEmpty
                continue
            }
            guard !isHidden(scalar) else { continue }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < limit else {
                result.append("…")
                break
            }
            result.append(scalar)
            count += 1
        }
        return String(result)
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069: true
        default: scalar.properties.generalCategory == .format
        }
    }
}
