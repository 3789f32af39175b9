// Every command of the app, declared once: its case names its action (the raw value), and its
// spec below says everything else. The application, the window, the grid, the search, the menus
// and the Keyboard Shortcuts window all read this table, so a command is added by adding a case
// and its spec; the compiler then asks for it in the switch that runs it.
import SnapshelfModel

enum Command: String, CaseIterable {
    // In the order of the Keyboard Shortcuts window's lines.
    case importPhotos = "import", importFolder = "import-folder", importShotwell = "import-shotwell", exportAll = "export-all"
    case search
    case showShortcuts = "show-help-overlay", help, about, quit
    case open, openFocused = "open-focused", editLabel = "edit-label", copy, showInFiles = "show-in-files", export
    case info, rotateClockwise = "rotate-clockwise", rotateCounterclockwise = "rotate-counterclockwise"
    case remove, undo, redo, contextMenu = "menu", clearSelection = "unselect-all", sort
    case largerThumbnails = "larger-thumbnails", smallerThumbnails = "smaller-thumbnails"
    case defaultThumbnails = "default-thumbnails"
    case previous, next, zoomIn = "zoom-in", zoomOut = "zoom-out", zoomReset = "zoom-reset", back
    case fullscreen, slideshow, slideshowLonger = "slideshow-longer", slideshowShorter = "slideshow-shorter"
    case viewerMenu = "viewer-menu", firstResult = "first-result"

    enum Scope {
        /// The application's "app." actions, which work in every window.
        case application
        /// The main window's "win." actions.
        case window
        /// The grid's "grid." actions, for keys that act only while it has the focus.
        case grid
        /// The search entry's "search." actions, for keys that act only while it has the focus.
        case search
    }

    // The thumbnail size and the viewer's zoom share their keys: each is enabled only where it
    // acts, and GTK passes a key over a disabled action to the next one it is bound to.
    var spec: CommandSpec {
        switch self {
        case .importPhotos:
            CommandSpec(scope: .window, line: .own(.general, tr("Import Photos")), menuLabel: tr("Import _Photos…"),
                        accelerators: ["<Control>o"])
        case .importFolder:
            CommandSpec(scope: .window, line: .own(.general, tr("Import Folder")), menuLabel: tr("Import _Folder…"),
                        accelerators: ["<Shift><Control>o"])
        // W: the main menu's S is Smaller Thumbnails', and its H is Help's.
        case .importShotwell: CommandSpec(scope: .window, menuLabel: tr("Import from Shot_well…"))
        case .exportAll: CommandSpec(scope: .window, menuLabel: tr("Export _All Photos…"))
        case .search:
            CommandSpec(scope: .window, line: .own(.general, tr("Search Labels and File Names")), accelerators: ["<Control>f"])
        case .showShortcuts:
            CommandSpec(scope: .window, line: .own(.general, tr("Keyboard Shortcuts")), menuLabel: tr("_Keyboard Shortcuts"),
                        accelerators: ["<Control>question"])
        case .help:
            CommandSpec(scope: .application, line: .own(.general, tr("Help")), menuLabel: tr("_Help"), accelerators: ["F1"])
        case .about: CommandSpec(scope: .application, menuLabel: tr("_About Snapshelf"))
        case .quit: CommandSpec(scope: .application, line: .own(.general, tr("Quit")), accelerators: ["<Control>q"])

        case .open: CommandSpec(scope: .window, menuLabel: tr("_Open"), needsPhoto: true)
        case .openFocused:
            CommandSpec(scope: .grid, line: .own(.photos, tr("Open")), localKeys: ["space"], gridViewKeys: ["Return"],
                        takesKeysFirst: true)
        case .editLabel:
            CommandSpec(scope: .window, line: .own(.photos, tr("Edit Label")), menuLabel: tr("_Edit Label…"),
                        accelerators: ["F2"], needsPhoto: true)
        case .copy: CommandSpec(scope: .window, menuLabel: tr("_Copy"), needsPhoto: true)
        case .showInFiles: CommandSpec(scope: .window, menuLabel: tr("Show in _Files"), needsPhoto: true)
        case .export:
            CommandSpec(scope: .window, line: .own(.photos, tr("Export Photos")), menuLabel: tr("E_xport…"),
                        accelerators: ["<Control>e"], needsPhoto: true)
        case .info:
            CommandSpec(scope: .window, line: .own(.photos, tr("Photo Information")), menuLabel: tr("_Information"),
                        accelerators: ["<Alt>Return"], needsPhoto: true)
        case .rotateClockwise:
            CommandSpec(scope: .window, line: .own(.photos, tr("Rotate Clockwise and Counterclockwise")),
                        menuLabel: tr("Rotate C_lockwise"), accelerators: ["<Control>r"], needsPhoto: true)
        case .rotateCounterclockwise:
            CommandSpec(scope: .window, line: .joins(.rotateClockwise), menuLabel: tr("Rotate Counterclock_wise"),
                        accelerators: ["<Shift><Control>r"], needsPhoto: true)
        // Menus show the last of the local keys.
        case .remove:
            CommandSpec(scope: .window, line: .own(.photos, tr("Remove")), menuLabel: tr("_Remove from Library"),
                        localKeys: ["KP_Delete", "Delete"], needsPhoto: true)
        case .undo: CommandSpec(scope: .window, line: .own(.photos, tr("Undo")), localKeys: ["<Control>z"])
        case .redo: CommandSpec(scope: .window, line: .own(.photos, tr("Redo")), localKeys: ["<Shift><Control>z"])
        case .contextMenu: CommandSpec(scope: .grid, line: .own(.photos, tr("Context Menu")), localKeys: ["Menu", "<Shift>F10"])
        case .clearSelection: CommandSpec(scope: .grid, line: .own(.selecting, tr("Clear Selection")), localKeys: ["Escape"])
        // Its menu items are the orders, which WindowMenus labels.
        case .sort: CommandSpec(scope: .window)
        case .largerThumbnails:
            CommandSpec(scope: .window, line: .own(.photos, tr("Larger or Smaller Thumbnails")), menuLabel: tr("_Larger Thumbnails"),
                        accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], context: .grid)
        case .smallerThumbnails:
            CommandSpec(scope: .window, line: .joins(.largerThumbnails), menuLabel: tr("_Smaller Thumbnails"),
                        accelerators: ["<Control>minus", "<Control>KP_Subtract"], context: .grid)
        case .defaultThumbnails:
            CommandSpec(scope: .window, line: .own(.photos, tr("Default Thumbnail Size")),
                        accelerators: ["<Control>0", "<Control>KP_0"], context: .grid)

        case .previous: CommandSpec(scope: .window, line: .own(.viewer, tr("Previous and Next Photo")), localKeys: ["Left"])
        case .next: CommandSpec(scope: .window, line: .joins(.previous), localKeys: ["Right"])
        case .zoomIn:
            CommandSpec(scope: .window, line: .own(.viewer, tr("Zoom In and Out")),
                        accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], context: .viewer)
        case .zoomOut:
            CommandSpec(scope: .window, line: .joins(.zoomIn), accelerators: ["<Control>minus", "<Control>KP_Subtract"],
                        context: .viewer)
        case .zoomReset:
            CommandSpec(scope: .window, line: .own(.viewer, tr("Fit to Window")), accelerators: ["<Control>0", "<Control>KP_0"],
                        context: .viewer)
        case .back: CommandSpec(scope: .window, line: .own(.viewer, tr("Back to All Photos")), localKeys: ["Escape", "<Alt>Left"])
        case .fullscreen: CommandSpec(scope: .window, line: .own(.viewer, tr("Full Screen")), accelerators: ["F11"])
        case .slideshow: CommandSpec(scope: .window, line: .own(.viewer, tr("Slideshow")), accelerators: ["F5"])
        // The slideshow's time per photo, while it runs: + gives each photo more, as a longer delay.
        case .slideshowLonger:
            CommandSpec(scope: .window, line: .own(.viewer, tr("More or Less Time per Photo in a Slideshow")),
                        localKeys: ["plus", "equal", "KP_Add"])
        case .slideshowShorter: CommandSpec(scope: .window, line: .joins(.slideshowLonger), localKeys: ["minus", "KP_Subtract"])
        // The viewer's context menu; the grid's own command has these keys while it has the focus.
        case .viewerMenu: CommandSpec(scope: .window, localKeys: ["Menu", "<Shift>F10"])
        case .firstResult: CommandSpec(scope: .search, localKeys: ["Down"])
        }
    }

    var scope: Scope { spec.scope }
    var accelerators: [String] { spec.accelerators }
    var localKeys: [String] { spec.localKeys }
    var needsPhoto: Bool { spec.needsPhoto }
    var takesKeysFirst: Bool { spec.takesKeysFirst }

    /// The name menus and buttons activate, such as "win.import".
    var detailedName: String {
        switch scope {
        case .application: "app." + rawValue
        case .window: "win." + rawValue
        case .grid: "grid." + rawValue
        case .search: "search." + rawValue
        }
    }

    /// The item menus show for the command.
    var menuLabel: String {
        guard let label = spec.menuLabel else { preconditionFailure("\(self) has no menu label") }
        return label
    }

    /// Whether the command changes the library, which a read-only one refuses.
    var changesLibrary: Bool {
        [.importPhotos, .importFolder, .importShotwell, .editLabel, .rotateClockwise, .rotateCounterclockwise, .remove,
         .undo, .redo].contains(self)
    }

    /// Whether the command can act on what the window shows, in a library it may change or not,
    /// and that holds photos or none, where exporting them all has nothing to do.
    func isEnabled(viewing: Bool, hasPhoto: Bool, libraryHoldsPhotos: Bool = true, writable: Bool = true) -> Bool {
        let shown = switch spec.context {
        case .anywhere: true
        case .grid: !viewing
        case .viewer: viewing
        }
        return shown && (hasPhoto || !needsPhoto) && (writable || !changesLibrary) && (libraryHoldsPhotos || self != .exportAll)
    }
}
