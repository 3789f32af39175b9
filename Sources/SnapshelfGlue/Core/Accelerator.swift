// Keys as GTK writes them for people, such as "Ctrl+O" for "<Control>o", in the person's language
// and in the same words as the Keyboard Shortcuts window, so a tooltip never spells a key its own way.
import CGtk

public enum Accelerator {
    /// The label of an accelerator in GTK's syntax, or nil for one GTK cannot parse.
    public static func label(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
              let label = gtk_accelerator_get_label(key, modifiers) else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }
}
