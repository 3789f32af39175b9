// Where an app keeps what the person chose: GSettings under the app's schema when that schema is
// installed, else a key file, since a run from the source tree has none. Either way a value that
// is missing or unreadable reads as nil, so the caller's default applies.
import Foundation

public final class SettingsStore {
    private let backend: any SettingsBackend

    /// GSettings when the schema is installed, else the key file, its keys under `group`.
    public convenience init(schemaID: String, orKeyFile file: URL, group: String) {
        if let settings = GSettingsBackend(installedSchema: schemaID) {
            self.init(settings)
        } else {
            self.init(KeyFileBackend(file: file, group: group))
        }
    }

    public convenience init(keyFile file: URL, group: String) {
        self.init(KeyFileBackend(file: file, group: group))
    }

    /// GSettings under a schema compiled into a folder, as a test compiles the app's; nil when
    /// the folder has no such schema.
    public convenience init?(schemaID: String, compiledIn directory: URL) {
        guard let backend = GSettingsBackend(schema: schemaID, compiledIn: directory) else { return nil }
        self.init(backend)
    }

    private init(_ backend: any SettingsBackend) {
        self.backend = backend
    }

    public func string(_ key: String) -> String? { backend.string(key) }
    public func integer(_ key: String) -> Int? { backend.integer(key) }
    public func boolean(_ key: String) -> Bool? { backend.boolean(key) }

    public func set(_ value: String, for key: String) { backend.set(value, for: key) }
    public func set(_ value: Int, for key: String) { backend.set(value, for: key) }
    public func set(_ value: Bool, for key: String) { backend.set(value, for: key) }

    /// Writes what was set. Failing only means the choices are not remembered, so it is not reported.
    public func save() {
        backend.save()
    }
}
