// What the person chose and expects to find again: the window's size, the sort order, the
// thumbnail size and the slideshow's pace. An installed Snapshelf keeps them in GSettings (its schema is in data/); run
// from the source tree, where no schema is installed, it keeps them in a key file under
// $XDG_CONFIG_HOME/snapshelf instead. A missing or damaged store means the defaults.
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class Preferences {
    static let schemaID = "io.github.snapshelf.Snapshelf"
    /// Where the key file keeps the keys; GSettings has the schema's path instead.
    static let keyFileGroup = "preferences"
    static let defaultWindowSize = (width: 1000, height: 700)

    /// The keys, as named in the schema and the key file.
    private enum Key {
        static let order = "sort-order"
        static let tileSize = "thumbnail-size"
        static let windowWidth = "window-width"
        static let windowHeight = "window-height"
        static let isMaximized = "window-maximized"
        static let slideshowSeconds = "slideshow-seconds"
    }

    private let store: SettingsStore
    private(set) var order: PhotoOrder
    private(set) var tileSize: Int
    private(set) var windowSize: (width: Int, height: Int)
    private(set) var isMaximized: Bool
    /// How long the slideshow shows each photo, one of `Slideshow.paces`.
    private(set) var slideshowSeconds: Int

    /// Uses GSettings when the schema is installed, else the key file.
    convenience init() {
        self.init(store: SettingsStore(schemaID: Self.schemaID, orKeyFile: Self.defaultFile(), group: Self.keyFileGroup))
    }

    convenience init(keyFile: URL) {
        self.init(store: SettingsStore(keyFile: keyFile, group: Self.keyFileGroup))
    }

    init(store: SettingsStore) {
        self.store = store
        order = store.string(Key.order).flatMap(PhotoOrder.init(rawValue:)) ?? .addedOldestFirst
        let size = store.integer(Key.tileSize) ?? PhotoTile.defaultSize
        tileSize = PhotoTile.sizes.contains(size) ? size : PhotoTile.defaultSize
        let width = store.integer(Key.windowWidth) ?? Self.defaultWindowSize.width
        let height = store.integer(Key.windowHeight) ?? Self.defaultWindowSize.height
        // A size too small to use, from a damaged file, is not restored.
        windowSize = width >= 360 && height >= 294 ? (width, height) : Self.defaultWindowSize
        isMaximized = store.boolean(Key.isMaximized) ?? false
        let seconds = store.integer(Key.slideshowSeconds) ?? Slideshow.defaultPace
        slideshowSeconds = Slideshow.paces.contains(seconds) ? seconds : Slideshow.defaultPace
    }

    static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let config = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return config.appendingPathComponent("snapshelf/preferences.ini")
    }

    func setOrder(_ order: PhotoOrder) {
        self.order = order
        save()
    }

    func setTileSize(_ size: Int) {
        tileSize = size
        save()
    }

    func setWindow(width: Int, height: Int, maximized: Bool) {
        windowSize = (width, height)
        isMaximized = maximized
        save()
    }

    /// The unmaximized size, which GTK keeps as the default size while the window is maximized.
    /// The size to open the window at: the one remembered, made smaller where it would not fit
    /// the monitor, as after a change to a larger scale or text size, with room left for the
    /// desktop's bar and the window's frame.
    func windowSize(fitting monitor: (width: Int, height: Int)?) -> (width: Int?, height: Int?) {
        guard let monitor else { return (windowSize.width, windowSize.height) }
        return (min(windowSize.width, monitor.width * 9 / 10), min(windowSize.height, monitor.height * 9 / 10))
    }

    func rememberSize(of window: Window) {
        let size = window.defaultSize
        setWindow(width: size.width ?? windowSize.width, height: size.height ?? windowSize.height,
                  maximized: window.isMaximized)
    }

    func setSlideshowSeconds(_ seconds: Int) {
        slideshowSeconds = seconds
        save()
    }

    /// Every choice at once, so a key file always holds them all.
    private func save() {
        store.set(order.rawValue, for: Key.order)
        store.set(tileSize, for: Key.tileSize)
        store.set(windowSize.width, for: Key.windowWidth)
        store.set(windowSize.height, for: Key.windowHeight)
        store.set(isMaximized, for: Key.isMaximized)
        store.set(slideshowSeconds, for: Key.slideshowSeconds)
        store.save()
    }
}
