// Where the commands write: their output on stdout, one line at a time, and each problem or note
// on stderr after the program's name, one line each, so scripts can rely on both.
import Foundation

enum Console {
    /// A line of the command's output.
    static func say(_ line: String) {
        write(line + "\n", to: .standardOutput)
    }

    /// A problem or note, on stderr, after the program's name.
    static func complain(_ message: String) {
        write("snapshelf: \(message)\n", to: .standardError)
    }

    /// A name or path as a line may hold it: a tab, line break or backslash is written `\t`,
    /// `\n` or `\\`, and the other control characters and the bidi embeddings, overrides and
    /// isolates as their UTF-8 bytes in octal, as `ls -b` does. A file name can then neither
    /// break a line in two, nor send the terminal a command, nor reorder the text around it.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                result += String(scalar).utf8.map { String(format: "\\%03o", $0) }.joined()
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
