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

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
