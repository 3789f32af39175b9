// How labels are matched: case- and accent-insensitive, so "cafe" finds "Café".
import Foundation

public enum SearchKey {
    /// The text folded for matching; stored beside each label and applied to each query.
    public static func folding(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
