// Settings kept in a key file (an .ini file) under one group, for a Snapshelf run where no
// GSettings schema is installed, as from the source tree.
import CGtk
import Foundation

final class KeyFileBackend: SettingsBackend {
    private let file: URL
    private let group: String
    private let keys: OpaquePointer

    /// Reads the file now; a missing or damaged one reads as empty.
    init(file: URL, group: String) {
        self.file = file
        self.group = group
        var keys = g_key_file_new()!
        if g_key_file_load_from_file(keys, file.path, G_KEY_FILE_NONE, nil) == 0 {
            // What a damaged file gave before its damage is not trusted either.
            g_key_file_unref(keys)
            keys = g_key_file_new()!
        }
        self.keys = keys
    }

    deinit {
        g_key_file_unref(keys)
    }

    func string(_ key: String) -> String? {
        guard let text = g_key_file_get_string(keys, group, key, nil) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    func integer(_ key: String) -> Int? {
        read { g_key_file_get_integer(keys, group, key, &$0) }.map(Int.init)
    }

    func boolean(_ key: String) -> Bool? {
        read { g_key_file_get_boolean(keys, group, key, &$0) }.map { $0 != 0 }
    }

    /// The value, or nil when the key is missing or its text is not of that type.
    private func read<Value>(_ get: (inout UnsafeMutablePointer<GError>?) -> Value) -> Value? {
        var error: UnsafeMutablePointer<GError>?
        let value = get(&error)
        guard let error else { return value }
        g_error_free(error)
        return nil
    }

    func set(_ value: String, for key: String) {
        g_key_file_set_string(keys, group, key, value)
    }

    func set(_ value: Int, for key: String) {
        g_key_file_set_integer(keys, group, key, gint(clamping: value))
    }

    func set(_ value: Bool, for key: String) {
        g_key_file_set_boolean(keys, group, key, value.gboolean)
    }

    func save() {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = g_key_file_save_to_file(keys, file.path, nil)
    }
}
