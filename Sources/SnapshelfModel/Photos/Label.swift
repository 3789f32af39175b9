// The rules a label follows before it is saved: any Unicode text up to a length limit, with
// control characters, which no one can see or type on purpose, normalised in a stated way.
import Foundation

public struct Label: Sendable, Equatable {
    /// The longest label, in characters as a person counts them (grapheme clusters).
    public static let maximumLength = 500
    /// The most bytes a label may take as UTF-8. One character may hold any number of combining
    /// marks, so counting characters alone would let "e" and 30,000 accents through; 8 KiB is 500
    /// characters of 16 bytes each, room for any script's clusters.
    public static let maximumBytes = 8192

    /// Why a label cannot be saved. SnapshelfMessages words it.
    public enum Problem: Error, Sendable, Equatable {
        case tooLong(length: Int)
        case tooManyBytes(count: Int)
    }

    /// The text as it will be saved.
    public let text: String
    /// What normalising changed, worded for the person, or nil when the text is saved as given.
    public let normalisation: String?

    /// Replaces line breaks and tabs with spaces and removes the other control characters and the
    /// invisible formatting characters that can disguise text; everything else, markup-like text
    /// included, is kept exactly.
    public init(_ typed: String) throws(Problem) {
        let (normalised, replaced, removed) = Self.normalised(typed)
        text = normalised
        guard text.count <= Self.maximumLength else { throw .tooLong(length: text.count) }
        guard text.utf8.count <= Self.maximumBytes else { throw .tooManyBytes(count: text.utf8.count) }
        let spaced = replaced == 0 ? nil : String(format: trn("%ld line break or tab became a space",
                                                              "%ld line breaks or tabs became spaces", replaced), replaced)
        let dropped = removed == 0 ? nil : String(format: trn("%ld invisible control or formatting character was removed",
                                                              "%ld invisible control or formatting characters were removed", removed), removed)
        normalisation = switch (spaced, dropped) {
        case let (spaced?, dropped?):
            // TRANSLATORS: joins the two notes, as in "2 line breaks or tabs became spaces and 1 invisible control or formatting character was removed".
            String(format: tr("%@ and %@"), spaced, dropped)
        case (let note?, nil), (nil, let note?): note
        case (nil, nil): nil
        }
    }

    /// No label at all.
    public static let empty = Label.fitting("")

    /// The text under the label rules, cut at a character boundary where it is over the limits:
    /// for titles and sidecars other programs wrote, which are taken rather than refused. The
    /// normalised text is cut, since a CR LF pair is one character before it and two after.
    public static func fitting(_ text: String) -> Label {
        var cut = Substring(normalised(text).text).prefix(maximumLength)
        while cut.utf8.count > maximumBytes {
            cut = cut.dropLast(max(1, (cut.utf8.count - maximumBytes) / 16))
        }
        // Normalised text within the limits is always a label.
        return try! Label(String(cut))
    }

    /// The text with line breaks and tabs as spaces and the invisible characters removed, and
    /// how many of each there were.
    private static func normalised(_ typed: String) -> (text: String, replaced: Int, removed: Int) {
        var replaced = 0
        var removed = 0
        var scalars = String.UnicodeScalarView()
        for scalar in typed.unicodeScalars {
            if spacing.contains(scalar.value) {
                scalars.append(" ")
                replaced += 1
            } else if scalar.properties.generalCategory == .control || invisible.contains(scalar.value)
                        || scalar.properties.isNoncharacterCodePoint {
                removed += 1
            } else {
                scalars.append(scalar)
            }
        }
        return (String(scalars), replaced, removed)
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, next line, and the Unicode
    /// line and paragraph separators: the characters that break a line or leave a gap.
    private static let spacing: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    /// Characters that show nothing but change how the text around them looks: the bidi
    /// embeddings, overrides and isolates, which can make a label read backwards or pose as
    /// another in a listing, the zero-width space, word joiner and Mongolian vowel separator, and
    /// the byte-order mark; and the noncharacters such as U+FFFE and U+FFFF, which XML, and so
    /// every XMP sidecar, cannot hold. The zero-width joiner and non-joiner stay: emoji sequences and several
    /// scripts need them, and so do the left-to-right and right-to-left marks of bidi text.
    private static let invisible: Set<UInt32> = Set(0x202A...0x202E).union(0x2066...0x2069)
        .union([0x200B, 0x2060, 0x180E, 0xFEFF])
}
