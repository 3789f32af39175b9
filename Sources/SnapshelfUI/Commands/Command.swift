// Every command of the app, declared once: its action's name, the keys that run it, whether it
// needs a photo to act on, and its line in the Keyboard Shortcuts window. The application, the
// window, the menus and the shortcuts window all read this table.
import SnapshelfModel

enum Command: String, CaseIterable {
    // In the order of the Keyboard Shortcuts window's lines.
    case importPhotos = "import", importFolder = "import-folder", search
    case showShortcuts = "show-help-overlay", quit, about
    case open, openFocused = "open-focused", editLabel = "edit-label", copy, showInFiles = "show-in-files", export
    case exportAll = "export-all"
    case info
    case rotateClockwise = "rotate-clockwise", rotateCounterclockwise = "rotate-counterclockwise"
    case remove, undo, redo, contextMenu = "menu", selectAll = "select-all", clearSelection = "unselect-all"
    case zoomIn = "zoom-in", previous, next, zoomOut = "zoom-out", zoomReset = "zoom-reset", back, sort
    case firstResult = "first-result"
    case fullscreen, slideshow, slideshowLonger = "slideshow-longer", slideshowShorter = "slideshow-shorter"
    case viewerMenu = "viewer-menu"

    enum Scope {
        /// The application's "app." actions, which work in every window.
        case application
        /// The main window's "win." actions.
        case window
        /// A "win." action GTK's application window makes itself.
        case builtIn
        /// The grid's "grid." actions, for keys that act only while it has the focus.
        case grid
        /// The search entry's "search." actions, for keys that act only while it has the focus.
        case search
    }

    var scope: Scope {
        switch self {
        case .quit, .about: .application
        case .showShortcuts: .builtIn
        case .openFocused, .contextMenu, .clearSelection: .grid
        case .firstResult: .search
        default: .window
        }
    }

    /// The name menus and buttons activate, such as "win.import".
    var detailedName: String {
        switch scope {
        case .application: "app." + rawValue
        case .window, .builtIn: "win." + rawValue
        case .grid: "grid." + rawValue
        case .search: "search." + rawValue
        }
    }

    /// Keys that run the command wherever the focus is, even in a text entry.
    var accelerators: [String] {
        switch self {
        case .quit: ["<Control>q"]
        case .showShortcuts: ["<Control>question"]
        case .importPhotos: ["<Control>o"]
        case .importFolder: ["<Shift><Control>o"]
        case .search: ["<Control>f"]
        case .editLabel: ["F2"]
        case .export: ["<Control>e"]
        case .info: ["<Alt>Return"]
        case .rotateClockwise: ["<Control>r"]
        case .rotateCounterclockwise: ["<Shift><Control>r"]
        case .zoomIn: ["<Control>plus", "<Control>equal", "<Control>KP_Add"]
        case .zoomOut: ["<Control>minus", "<Control>KP_Subtract"]
        case .zoomReset: ["<Control>0", "<Control>KP_0"]
        case .fullscreen: ["F11"]
        case .slideshow: ["F5"]
        default: []
        }
    }

    /// Keys that reach the command only while the focus is inside its scope's widget (the window
    /// or the grid), and only after the focused widget had its turn: the grid moves its focus
    /// with the arrows and a search entry deletes text, and only what they leave arrives here.
    var localKeys: [String] {
        switch self {
        // The last one is the one menus show.
        case .remove: ["KP_Delete", "Delete"]
        case .back: ["Escape", "<Alt>Left"]
        case .previous: ["Left"]
        case .next: ["Right"]
        case .undo: ["<Control>z"]
        case .redo: ["<Shift><Control>z"]
        case .openFocused: ["space"]
        case .contextMenu: ["Menu", "<Shift>F10"]
        case .clearSelection: ["Escape"]
        case .firstResult: ["Down"]
        // The slideshow's time per photo, while it runs: + gives each photo more, as a longer delay.
        case .slideshowLonger: ["plus", "equal", "KP_Add"]
        case .slideshowShorter: ["minus", "KP_Subtract"]
        // The viewer's context menu; the grid's own command has these keys while it has the focus.
        case .viewerMenu: ["Menu", "<Shift>F10"]
        default: []
        }
    }

    /// Whether the local keys act before the focused widget sees them, which is how a key it would
    /// use (Space, which selects a list item) gets another meaning.
    var takesKeysFirst: Bool { self == .openFocused }

    /// Acts on the selected photos, or the one in the viewer, and is disabled without one.
    var needsPhoto: Bool {
        [.open, .editLabel, .copy, .showInFiles, .export, .rotateClockwise, .rotateCounterclockwise, .remove, .info].contains(self)
    }

    /// The command's line in the Keyboard Shortcuts window, in the table's order; nil for one that
    /// has no keys or that shares a line with another.
    var shortcut: ShortcutEntry? {
        switch self {
        case .importPhotos: ShortcutEntry(.general, tr("Import Photos"), accelerators)
        case .importFolder: ShortcutEntry(.general, tr("Import Folder"), accelerators)
        case .search: ShortcutEntry(.general, tr("Search Labels and File Names"), accelerators)
        case .showShortcuts: ShortcutEntry(.general, tr("Keyboard Shortcuts"), accelerators)
        case .quit: ShortcutEntry(.general, tr("Quit"), accelerators)
        case .open: ShortcutEntry(.photos, tr("Open"), ["Return", "space"])
        case .editLabel: ShortcutEntry(.photos, tr("Edit Label"), accelerators)
        case .export: ShortcutEntry(.photos, tr("Export Photos"), accelerators)
        case .info: ShortcutEntry(.photos, tr("Photo Information"), accelerators)
        case .rotateClockwise: ShortcutEntry(.photos, tr("Rotate Clockwise and Counterclockwise"), ["<Control>r", "<Shift><Control>r"])
        case .remove: ShortcutEntry(.photos, tr("Remove"), ["Delete"])
        case .undo: ShortcutEntry(.photos, tr("Undo"), localKeys)
        case .redo: ShortcutEntry(.photos, tr("Redo"), localKeys)
        case .contextMenu: ShortcutEntry(.photos, tr("Context Menu"), localKeys)
        case .selectAll: ShortcutEntry(.photos, tr("Select All"), ["<Control>a"])
        case .clearSelection: ShortcutEntry(.photos, tr("Clear Selection"), localKeys)
        case .zoomIn: ShortcutEntry(.photos, tr("Larger or Smaller Thumbnails"), ["<Control>plus", "<Control>minus"])
        case .previous: ShortcutEntry(.viewer, tr("Previous and Next Photo"), ["Left", "Right"])
        case .zoomOut: ShortcutEntry(.viewer, tr("Zoom In and Out"), ["<Control>plus", "<Control>minus"])
        case .zoomReset: ShortcutEntry(.viewer, tr("Fit to Window"), ["<Control>0"])
        case .back: ShortcutEntry(.viewer, tr("Back to All Photos"), localKeys)
        case .fullscreen: ShortcutEntry(.viewer, tr("Full Screen"), accelerators)
        case .slideshow: ShortcutEntry(.viewer, tr("Slideshow"), accelerators)
        case .slideshowLonger: ShortcutEntry(.viewer, tr("More or Less Time per Photo in a Slideshow"), ["plus", "minus"])
        default: nil
        }
    }
}
