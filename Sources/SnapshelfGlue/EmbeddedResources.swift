// The files of Resources/ that the C shim compiles into the binary.
import CSnapshelfShim

public enum EmbeddedResources {
    /// Resources/style.css.
    public static var stylesheet: String { String(cString: snapshelf_stylesheet()) }
    /// Resources/shortcuts.ui, the GtkBuilder definition of the Keyboard Shortcuts window.
    public static var shortcutsWindow: String { String(cString: snapshelf_shortcuts_ui()) }
}
