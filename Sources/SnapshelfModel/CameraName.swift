// The camera a photo names in its EXIF, as one line: make and model, the make left out where the
// model already begins with it ("Canon EOS 40D", not "Canon Canon EOS 40D").
import Foundation

extension PhotoTags {
    /// The make and model, nil when the photo names neither.
    var camera: String? {
        let make = make.map(Self.trimmed) ?? ""
        let model = model.map(Self.trimmed) ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        // "NIKON CORPORATION" makes the "NIKON D70": its first word is enough.
        let brand = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return brand.isEmpty || model.lowercased().hasPrefix(brand) ? model : make + " " + model
    }

    /// Without the padding and the NULs cameras leave in fixed-length fields.
    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0}")))
    }
}
