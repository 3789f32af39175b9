// What the person chose and expects to find again: the window's size, the sort order and the
// thumbnail size. An installed Snapshelf keeps them in GSettings (its schema is in data/); run
// from the source tree, where no schema is installed, it keeps them in a key file under
// $XDG_CONFIG_HOME/snapshelf instead. A missing or damaged store means the defaults.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel

@MainActor
final class Preferences {
    static let schemaID = "io.github.snapshelf.Snapshelf"

    private enum Store {
        case settings(GObjectRef)
        case keyFile(URL)
    }

    private let store: Store
    private(set) var order: PhotoOrder
    private(set) var tileSize: Int
    private(set) var windowSize: (width: Int, height: Int)
    private(set) var isMaximized: Bool

    /// Uses GSettings when the schema is installed, else the key file.
    convenience init() {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, Self.schemaID, 1) {
            defer { g_settings_schema_unref(schema) }
            self.init(settings: g_settings_new_full(schema, nil, nil)!)
        } else {
            self.init(keyFile: Self.defaultFile())
        }
    }

    init(settings: UnsafeMutablePointer<GSettings>) {
        store = .settings(GObjectRef(adopting: settings))
        order = .addedOldestFirst
        tileSize = PhotoTile.defaultSize
        windowSize = (1000, 700)
        isMaximized = false
        load()
    }

    init(keyFile: URL) {
        store = .keyFile(keyFile)
        order = .addedOldestFirst
        tileSize = PhotoTile.defaultSize
        windowSize = (1000, 700)
        isMaximized = false
        load()
    }

    static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let config = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return config.appendingPathComponent("snapshelf/preferences.ini")
    }

    private func load() {
        let values = read()
        order = values.string("sort-order").flatMap(PhotoOrder.init(rawValue:)) ?? .addedOldestFirst
        let size = values.integer("thumbnail-size") ?? PhotoTile.defaultSize
        tileSize = PhotoTile.sizes.contains(size) ? size : PhotoTile.defaultSize
        let width = values.integer("window-width") ?? 1000
        let height = values.integer("window-height") ?? 700
        // A size too small to use, from a damaged file, is not restored.
        windowSize = width >= 360 && height >= 294 ? (width, height) : (1000, 700)
        isMaximized = values.boolean("window-maximized") ?? false
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

    // MARK: The two stores

    private struct Values {
        var strings: [String: String] = [:]
        var integers: [String: Int] = [:]
        var booleans: [String: Bool] = [:]
        func string(_ key: String) -> String? { strings[key] }
        func integer(_ key: String) -> Int? { integers[key] }
        func boolean(_ key: String) -> Bool? { booleans[key] }
    }

    private static let group = "preferences"

    private func read() -> Values {
        var values = Values()
        switch store {
        case .settings(let object):
            let settings: UnsafeMutablePointer<GSettings> = object.typed()
            if let text = g_settings_get_string(settings, "sort-order") {
                values.strings["sort-order"] = String(cString: text)
                g_free(text)
            }
            for key in ["thumbnail-size", "window-width", "window-height"] {
                values.integers[key] = Int(g_settings_get_int(settings, key))
            }
            values.booleans["window-maximized"] = g_settings_get_boolean(settings, "window-maximized") != 0
        case .keyFile(let file):
            let keys = g_key_file_new()!
            defer { g_key_file_unref(keys) }
            guard g_key_file_load_from_file(keys, file.path, G_KEY_FILE_NONE, nil) != 0 else { return values }
            if let text = g_key_file_get_string(keys, Self.group, "sort-order", nil) {
                values.strings["sort-order"] = String(cString: text)
                g_free(text)
            }
            for key in ["thumbnail-size", "window-width", "window-height"] where g_key_file_has_key(keys, Self.group, key, nil) != 0 {
                values.integers[key] = Int(g_key_file_get_integer(keys, Self.group, key, nil))
            }
            if g_key_file_has_key(keys, Self.group, "window-maximized", nil) != 0 {
                values.booleans["window-maximized"] = g_key_file_get_boolean(keys, Self.group, "window-maximized", nil) != 0
            }
        }
        return values
    }

    /// Failing to save only means the choice is not remembered, so it is not reported.
    private func save() {
        switch store {
        case .settings(let object):
            let settings: UnsafeMutablePointer<GSettings> = object.typed()
            g_settings_set_string(settings, "sort-order", order.rawValue)
            g_settings_set_int(settings, "thumbnail-size", gint(tileSize))
            g_settings_set_int(settings, "window-width", gint(windowSize.width))
            g_settings_set_int(settings, "window-height", gint(windowSize.height))
            g_settings_set_boolean(settings, "window-maximized", isMaximized ? 1 : 0)
        case .keyFile(let file):
            let keys = g_key_file_new()!
            defer { g_key_file_unref(keys) }
            g_key_file_set_string(keys, Self.group, "sort-order", order.rawValue)
            g_key_file_set_integer(keys, Self.group, "thumbnail-size", gint(tileSize))
            g_key_file_set_integer(keys, Self.group, "window-width", gint(windowSize.width))
            g_key_file_set_integer(keys, Self.group, "window-height", gint(windowSize.height))
            g_key_file_set_boolean(keys, Self.group, "window-maximized", isMaximized ? 1 : 0)
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = g_key_file_save_to_file(keys, file.path, nil)
        }
    }
}
