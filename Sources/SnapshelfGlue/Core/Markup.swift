// Plain text in a place GTK or libadwaita reads as Pango markup (a toast's title, a status page's
// description): escaped on the way in, so that a file name with "&" or "<" shows as written
// rather than failing to parse and showing nothing.
import CGtk
import Foundation

enum Markup {
    static func escaped(_ text: String) -> String {
        guard let markup = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(markup) }
        return String(cString: markup)
    }

    /// The text `escaped` made, back as written; "&amp;" last, so that an escaped entity stays one.
    static func unescaped(_ markup: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&apos;", "'"), ("&quot;", "\""), ("&amp;", "&")].reduce(markup) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }
}
