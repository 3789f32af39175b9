// Settings kept by GSettings, under a schema that is installed (or compiled into a folder, for
// tests): what dconf keeps for an installed Snapshelf.
import CGtk
import Foundation

final class GSettingsBackend: SettingsBackend {
    private let settings: GObjectRef
    private let schema: OpaquePointer

    /// nil when the schema is not installed.
    convenience init?(installedSchema id: String) {
        guard let source = g_settings_schema_source_get_default() else { return nil }
        self.init(schema: id, in: source)
    }

    /// nil when the folder holds no compiled schema of that ID.
    convenience init?(schema id: String, compiledIn directory: URL) {
        guard let source = g_settings_schema_source_new_from_directory(directory.path, nil, 0, nil) else { return nil }
        defer { g_settings_schema_source_unref(source) }
        self.init(schema: id, in: source)
    }

    private init?(schema id: String, in source: OpaquePointer) {
        guard let schema = g_settings_schema_source_lookup(source, id, 1) else { return nil }
        self.schema = schema
        settings = GObjectRef(adopting: g_settings_new_full(schema, nil, nil)!)
        // Nothing is written until `save`, as with a key file.
        g_settings_delay(typed)
    }

    deinit {
        g_settings_schema_unref(schema)
    }

    private var typed: UnsafeMutablePointer<GSettings> { settings.typed() }

    /// Asking GSettings for a key its schema lacks would abort the process.
    private func has(_ key: String) -> Bool {
        g_settings_schema_has_key(schema, key) != 0
    }

    func string(_ key: String) -> String? {
        guard has(key), let text = g_settings_get_string(typed, key) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    func integer(_ key: String) -> Int? {
        has(key) ? Int(g_settings_get_int(typed, key)) : nil
    }

    func boolean(_ key: String) -> Bool? {
        has(key) ? g_settings_get_boolean(typed, key) != 0 : nil
    }

    func set(_ value: String, for key: String) {
        _ = g_settings_set_string(typed, key, value)
    }

    func set(_ value: Int, for key: String) {
        _ = g_settings_set_int(typed, key, gint(clamping: value))
    }

    func set(_ value: Bool, for key: String) {
        _ = g_settings_set_boolean(typed, key, value.gboolean)
    }

    func save() {
        g_settings_apply(typed)
    }
}
