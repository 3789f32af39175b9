// What a settings store reads from and writes to: GSettings or a key file. A value that is
// missing, or cannot be read as the type asked for, reads as nil.
protocol SettingsBackend: AnyObject {
    func string(_ key: String) -> String?
    func integer(_ key: String) -> Int?
    func boolean(_ key: String) -> Bool?
    func set(_ value: String, for key: String)
    func set(_ value: Int, for key: String)
    func set(_ value: Bool, for key: String)
    /// Writes what was set since the last save.
    func save()
}
