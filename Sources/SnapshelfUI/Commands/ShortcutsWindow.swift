// The Keyboard Shortcuts window (Ctrl+?), made from the command table and GtkGridView's own keys
// as GtkBuilder XML, since GTK 4.8 can only fill a GtkShortcutsWindow from XML. A line's keys are
// its commands' keys, as the application and the window bind them.
import SnapshelfModel

enum ShortcutsWindow {
    /// Each group's lines: GtkGridView's own keys first, then the commands' in the table's order.
    static var entries: [ShortcutEntry] {
        let lines = GridViewKeys.entries + Command.allCases.compactMap(line(of:))
        return ShortcutEntry.Group.allCases.flatMap { group in lines.filter { $0.group == group } }
    }

    /// The command's own line, followed by the keys of the commands that join it.
    private static func line(of command: Command) -> ShortcutEntry? {
        guard case .own(let group, let title) = command.spec.line else { return nil }
        let joining = Command.allCases.filter { if case .joins(command) = $0.spec.line { true } else { false } }
        let keys = ([command] + joining).flatMap { $0.accelerators + $0.localKeys }.filter { !isRepeat($0) }
        return ShortcutEntry(group, title, command.spec.gridViewKeys + keys)
    }

    /// Whether a key only repeats one the line shows: the keypad's, and = for + (its key without Shift).
    static func isRepeat(_ key: String) -> Bool {
        key.contains("KP_") || key.hasSuffix("equal")
    }

    // GtkGridView's keys get a section of their own, which the window's header offers beside the
    // app's: in one section, four groups no longer fit two to a page, the window outgrows a
    // 1280-pixel screen and the General group moves off the first page.
    static var builderXML: String {
        let sections = [(name: "shortcuts", title: tr("Shortcuts"), groups: [ShortcutEntry.Group.general, .photos, .viewer]),
                        (name: "moving", title: ShortcutEntry.Group.selecting.title, groups: [.selecting])]
        let lines = entries
        let xml = sections.map { section in
            "<child><object class=\"GtkShortcutsSection\">" + property("section-name", section.name)
                + property("title", section.title) + property("max-height", "12")
                + section.groups.map { groupXML($0, lines: lines) }.joined() + "</object></child>"
        }
        return "<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\">" + property("modal", "1")
            + xml.joined() + "</object></interface>"
    }

    private static func groupXML(_ group: ShortcutEntry.Group, lines: [ShortcutEntry]) -> String {
        let shortcuts = lines.filter { $0.group == group }.map { entry in
            "<child><object class=\"GtkShortcutsShortcut\">" + property("title", entry.title)
                + property("accelerator", entry.keys.joined(separator: " ")) + "</object></child>"
        }
        return "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title) + shortcuts.joined()
            + "</object></child>"
    }

    private static func property(_ name: String, _ value: String) -> String {
        "<property name=\"\(name)\">\(escaped(value))</property>"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
