// What the person chose and expects to find again: the sort order and the thumbnail size, kept
// in a key file under $XDG_CONFIG_HOME/snapshelf. A missing or damaged file means the defaults.
import CGtk
import Foundation
import SnapshelfModel

@MainActor
final class Preferences {
    private let file: URL
    private(set) var order: PhotoOrder
    private(set) var tileSize: Int

    init(file: URL = Preferences.defaultFile()) {
        self.file = file
        let keys = g_key_file_new()!
        defer { g_key_file_unref(keys) }
        _ = g_key_file_load_from_file(keys, file.path, G_KEY_FILE_NONE, nil)
        let orderName = g_key_file_get_string(keys, "browsing", "order", nil).map { text in
            defer { g_free(text) }
            return String(cString: text)
        }
        order = orderName.flatMap(PhotoOrder.init(rawValue:)) ?? .addedOldestFirst
        let size = Int(g_key_file_get_integer(keys, "browsing", "thumbnail-size", nil))
        tileSize = PhotoTile.sizes.contains(size) ? size : PhotoTile.defaultSize
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

    /// Failing to save only means the choice is not remembered, so it is not reported.
    private func save() {
        let keys = g_key_file_new()!
        defer { g_key_file_unref(keys) }
        g_key_file_set_string(keys, "browsing", "order", order.rawValue)
        g_key_file_set_integer(keys, "browsing", "thumbnail-size", gint(tileSize))
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = g_key_file_save_to_file(keys, file.path, nil)
    }
}
