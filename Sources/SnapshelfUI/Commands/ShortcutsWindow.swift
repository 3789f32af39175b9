// The Keyboard Shortcuts window (Ctrl+?), made from the command table as GtkBuilder XML, since
// GTK 4.8 can only fill a GtkShortcutsWindow from XML.
import SnapshelfModel

enum ShortcutsWindow {
    static var entries: [ShortcutEntry] { Command.allCases.compactMap(\.shortcut) }

    static var builderXML: String {
        let groups = ShortcutEntry.Group.allCases.map { group in
            let lines = entries.filter { $0.group == group }.map { entry in
                "<child><object class=\"GtkShortcutsShortcut\">" + property("title", entry.title)
                    + property("accelerator", entry.keys.joined(separator: " ")) + "</object></child>"
            }
            return "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title)
                + lines.joined() + "</object></child>"
        }
        return "<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\">" + property("modal", "1")
            + "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts")
            + property("max-height", "12") + groups.joined() + "</object></child></object></interface>"
    }

    private static func property(_ name: String, _ value: String) -> String {
        "<property name=\"\(name)\">\(escaped(value))</property>"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
