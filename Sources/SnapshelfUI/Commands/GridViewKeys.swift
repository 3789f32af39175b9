// The keys GtkGridView binds itself (GTK 4.8's gtklistbase.c and gtklistitemwidget.c), which
// the grid leaves to it: the Keyboard Shortcuts window lists them as they are, since no command
// of the app runs them. The grid's own commands take only keys GtkGridView leaves alone, or, for
// Space, take it first.
import SnapshelfModel

enum GridViewKeys {
    static var entries: [ShortcutEntry] {
        [ShortcutEntry(.selecting, tr("Move Between Photos"), ["Left", "Right", "Up", "Down"]),
         ShortcutEntry(.selecting, tr("First and Last Photo"), ["Home", "End"]),
         ShortcutEntry(.selecting, tr("Select a Range"), ["<Shift>Left", "<Shift>Right", "<Shift>Up", "<Shift>Down"]),
         ShortcutEntry(.selecting, tr("Move Without Selecting"), ["<Control>Left", "<Control>Right", "<Control>Up", "<Control>Down"]),
         ShortcutEntry(.selecting, tr("Add to or Take from the Selection"), ["<Control>space"]),
         ShortcutEntry(.selecting, tr("Select All"), ["<Control>a"])]
    }
}
