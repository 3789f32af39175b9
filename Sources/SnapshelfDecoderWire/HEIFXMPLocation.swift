// Where a HEIF's or AVIF's own XMP item is located: the fields of its one extent in the item
// location box (iloc), as positions in the file and their sizes in bytes. A decoder finds them;
// the app, which reads no byte of a photo's boxes, only writes new values into those fields of
// its private copy, after checking that each lies within the file.
import Foundation

package struct HEIFXMPLocation: Codable, Sendable, Equatable {
    package struct Field: Codable, Sendable, Equatable {
        /// Where the field starts in the file.
        package let position: Int
        /// How many bytes it takes: 0 (absent, for a base offset), 4 or 8.
        package let size: Int

        package init(position: Int, size: Int) {
            self.position = position
            self.size = size
        }
    }

    package let base: Field
    package let offset: Field
    package let length: Field

    package init(base: Field, offset: Field, length: Field) {
        self.base = base
        self.offset = offset
        self.length = length
    }

    /// Whether every field has a size a writer can fill and lies wholly within a file of `fileSize`
    /// bytes, the base offset may be absent, the others not. A decoder taken over could say anything.
    package func isPlausible(inFileOf fileSize: Int) -> Bool {
        [base, offset, length].allSatisfy { field in
            [0, 4, 8].contains(field.size) && field.position >= 0 && field.position <= fileSize - field.size
        } && offset.size > 0 && length.size > 0
    }
}
