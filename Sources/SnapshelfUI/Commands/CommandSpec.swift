// What declares one command: where its action lives, its line in the Keyboard Shortcuts window,
// its menu label, the keys that run it, and when it can act. Command.swift holds one per command.
struct CommandSpec {
    /// The command's place in the Keyboard Shortcuts window.
    enum Line {
        case none
        /// A line of its own, with this title.
        case own(ShortcutEntry.Group, String)
        /// Its keys follow another command's on that one's line, as Next's follow Previous's.
        case joins(Command)
    }

    /// What the window shows while the command can act, besides a photo when it needs one.
    enum Context {
        case anywhere
        /// Only over the grid, as the thumbnail size.
        case grid
        /// Only in the viewer, as its zoom.
        case viewer
    }

    let scope: Command.Scope
    var line = Line.none
    /// Its item in the menus, with the mnemonic's underscore; nil for one that is in none.
    var menuLabel: String?
    /// Keys that run the command wherever the focus is, even in a text entry.
    var accelerators: [String] = []
    /// Keys that reach the command only while the focus is inside its scope's widget (the window,
    /// the grid or the search entry), and only after the focused widget had its turn: the grid
    /// moves its focus with the arrows and a search entry deletes text, and only what they leave
    /// arrives here.
    var localKeys: [String] = []
    /// Keys GtkGridView binds itself to the same end, shown first on the command's line: the
    /// grid's Return activates the focused photo, which opens it.
    var gridViewKeys: [String] = []
    /// Acts on the selected photos, or the one in the viewer, and is disabled without one.
    var needsPhoto = false
    /// Whether the local keys act before the focused widget sees them, which is how a key it would
    /// use (Space, which selects a list item) gets another meaning.
    var takesKeysFirst = false
    var context = Context.anywhere
}
