// The Keyboard Shortcuts window (Ctrl+?), made from the command table and GtkGridView's own keys
// as GtkBuilder XML, since GTK 4.8 can only fill a GtkShortcutsWindow from XML. A line's keys are
// its commands' keys, as the application and the window bind them.
import SnapshelfModel

enum ShortcutsWindow {
    /// Each group's lines: GtkGridView's own keys first, then the commands' in the table's order.
    static var entries: [ShortcutEntry] {
        // F10 opens the header's main menu, which GTK binds to the primary menu button itself.
        let mainMenu = ShortcutEntry(.general, tr("Main Menu"), ["F10"])
        let lines = GridViewKeys.entries + [mainMenu] + Command.allCases.compactMap(line(of:))
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

    // One section, whose pages the window turns with the switcher at its foot: a second section
    // hid its page behind a drop-down in the header. Ten lines to a column keep the window within
    // a 1280×800 screen, and within reach of its close button at large text sizes. GTK 4.8 lays
    // the groups out two to a page from the last page back, each page's in order: so General and
    // Photos, written last, make the first page, and Moving and Selecting with Viewer the second.
    static var builderXML: String {
        let lines = entries
        let section = "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "shortcuts")
            + property("title", tr("Shortcuts")) + property("max-height", "10")
            + [ShortcutEntry.Group.selecting, .viewer, .general, .photos].map { groupXML($0, lines: lines) }.joined()
            + "</object></child>"
        return "<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\">" + property("modal", "1")
            + section + "</object></interface>"
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
