// How a file name or path is shown to a person, in the window and on the terminal alike. A name
// can hold any byte but the slash and NUL, so it is first given GLib's display name (U+FFFD for
// bytes that are no UTF-8 in this system's file name encoding), then written as `ls -b` writes
// names: a tab, line break or backslash as `\t`, `\n` or `\\`, and the other control
// characters, the bidi embeddings, overrides and isolates and the line and paragraph separators
// as their UTF-8 bytes in octal. A name can then neither break a message's line in two, nor send
// the terminal a command, nor reverse the text around it ("invoice\u{202E}gpj.exe").
import CGdkPixbuf
import Foundation

public enum DisplayName {
    /// A name or whole path, for messages that say where.
    public static func of(_ name: FileName) -> String {
        escaped(glib(name, g_filename_display_name))
    }

    /// The last part of a path alone, for the tiles and for messages in the window.
    public static func baseName(of path: FileName) -> String {
        escaped(glib(path, g_filename_display_basename))
    }

    /// The name of the file at a file URL, which may hold bytes that are not UTF-8.
    public static func baseName(of url: URL) -> String {
        baseName(of: FileName(url: url))
    }

    /// Text that is already a string, such as a label or a name saved as text, under the same rules.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where isHidden(scalar): result += String(scalar).utf8.map { String(format: "\\%03o", $0) }.joined()
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func glib(_ name: FileName, _ display: (UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?) -> String {
        guard let shown = name.withCString(display) else { return name.text }
        defer { g_free(shown) }
        return String(cString: shown)
    }
}
