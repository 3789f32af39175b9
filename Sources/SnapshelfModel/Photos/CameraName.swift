// The camera a photo names in its EXIF, as one line: make and model, the make left out where the
// model already begins with it ("Canon EOS 40D", not "Canon Canon EOS 40D"), or with a word of
// it ("KODAK CX7530", not "EASTMAN KODAK COMPANY KODAK CX7530").
import Foundation
import SnapshelfDecoderWire

extension PhotoTags {
    /// The make and model, nil when the photo names neither.
    var camera: String? {
        let make = make.map(Self.trimmed) ?? ""
        let model = model.map(Self.trimmed) ?? ""
        if model.isEmpty { return make.isEmpty ? nil : make }
        // "NIKON CORPORATION" makes the "NIKON D70", and "EASTMAN KODAK COMPANY" the "KODAK
        // CX7530 ZOOM DIGITAL CAMERA": a model that begins with a word of its make names it.
        let words = make.split(separator: " ").map { $0.lowercased() }
        let named = words.first.map { model.lowercased().hasPrefix($0) } ?? true
            || words.contains { $0.count >= 3 && model.lowercased().hasPrefix($0 + " ") }
        return named ? model : make + " " + model
    }

    /// Without the padding and the NULs cameras leave in fixed-length fields.
    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0}")))
    }
}
