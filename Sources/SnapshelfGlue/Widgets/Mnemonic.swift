// Mnemonic labels, such as "_Import", as people and screen readers read them.

/// Text with GTK's mnemonic marks: "_" before the letter Alt presses, "__" for an underscore.
public enum Mnemonic {
    public static func plain(_ text: String) -> String {
        var plain = ""
        var escaped = false
        for character in text {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            plain.append(character)
        }
        return plain
    }
}
