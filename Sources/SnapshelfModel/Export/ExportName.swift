// The name an exported copy gets: the photo's original name, byte for byte, wherever a file
// system can take it. A name from a sidecar may hold what no file name can, since any program can
// write a sidecar: a NUL byte or a slash is dropped, leading dots too, which would hide the copy,
// and a name over the 255 bytes a file name may take is shortened, its extension kept and its
// UTF-8 characters whole. An extension that is not one of the decoded format's gives way to the
// format's own, so that no name another computer gave a photo, such as "notes.desktop", makes
// the copy open as something other than the image it is. Where nothing is left, the library copy's name is used. Any change but
// the number a taken name gets is said, so that no one looks for the copy under its old name.
import Foundation

struct ExportName {
    /// The most bytes a file name may take on Linux's file systems (NAME_MAX).
    static let maximumBytes = 255
    /// An extension longer than this is no photo's, and is not kept whole when the name is cut.
    private static let maximumExtensionBytes = 32
    /// What a sidecar's name adds to its copy's: ".xmp".
    static let sidecarBytes = Sidecar.fileExtension.utf8.count + 1

    /// The name before its extension, which is cut when the whole is too long.
    private let stem: [UInt8]
    /// The extension with its dot, or nothing.
    private let fileExtension: [UInt8]
    /// Why the original name could not be used as it is, worded for the person.
    private let reasons: [String]
    private let original: FileName

    /// The name for a copy of `photo`, which a decoder found to be in `format` when it is given.
    init(for photo: Photo, format: PixbufFormats.Format? = nil) {
        original = photo.originalFileName
        var reasons: [String] = []
        var bytes = original.bytes
        if bytes.contains(0) {
            reasons.append(tr("it holds a NUL byte"))
            bytes.removeAll { $0 == 0 }
        }
        if bytes.contains(UInt8(ascii: "/")) {
            reasons.append(tr("it holds a slash"))
            bytes.removeAll { $0 == UInt8(ascii: "/") }
        }
        let visible = bytes.drop { $0 == UInt8(ascii: ".") }
        // ".jpg" has no name before its extension: what is left of it is no name either.
        let hadOnlyAnExtension = bytes.first == UInt8(ascii: ".") && !visible.contains(UInt8(ascii: "."))
        if visible.isEmpty || hadOnlyAnExtension {
            reasons.append(tr("nothing of it is left that can name a file, so the library copy’s name is used"))
            bytes = Array(photo.fileURL.lastPathComponent.utf8)
        } else if visible.count < bytes.count {
            reasons.append(tr("it begins with a dot, which would hide the copy"))
            bytes = Array(visible)
        }
        let dot = bytes.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > 0 && bytes.count - $0 <= Self.maximumExtensionBytes ? $0 : nil }
        stem = Array(bytes[..<(dot ?? bytes.endIndex)])
        if let dot, let format, !format.extensions.contains(String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased()) {
            // TRANSLATORS: %@ is an extension, such as "jpg", that the copy gets instead of its own.
            reasons.append(String(format: tr("its extension does not match the image it is, so it ends in “.%@”"), format.extension))
            fileExtension = Array(".\(format.extension)".utf8)
        } else if let dot {
            fileExtension = Array(bytes[dot...])
        } else {
            // A name cut short would lose whatever follows its last dot: the copy's format then
            // goes by the library copy's extension.
            fileExtension = bytes.count > Self.maximumBytes ? Array(".\(photo.fileURL.pathExtension)".utf8) : []
        }
        if bytes.count > Self.maximumBytes {
            reasons.append(String(format: tr("it is %ld bytes long, more than the %ld a file name may take"), bytes.count, Self.maximumBytes))
        }
        self.reasons = reasons
    }

    /// "name.jpg", or "name (2).jpg" for `number` 2, its stem shortened so that the whole, and
    /// `reserving` bytes more for a sidecar's `sidecarBytes`, stay within a file name's bytes; shortened a
    /// character at a time, so that a UTF-8 name stays UTF-8.
    func numbered(_ number: Int, reserving: Int = 0) -> FileName {
        var stem = self.stem[...]
        let tail = (number > 1 ? Array(" (\(number))".utf8) : []) + fileExtension
        while stem.count + tail.count + reserving > Self.maximumBytes, let last = stem.popLast() {
            // The bytes after a character's first, 10xxxxxx in UTF-8, go with it.
            if last & 0xC0 == 0x80 {
                while let previous = stem.popLast(), previous & 0xC0 == 0x80 {}
            }
        }
        return FileName(bytes: stem + tail)
    }

    /// What the person is told when the copy's name is not the original's, or nil when it is.
    func note(photo id: Int64, exportedAs exported: FileName, withSidecar: Bool) -> String? {
        var reasons = self.reasons
        let length = stem.count + fileExtension.count
        if withSidecar && length <= Self.maximumBytes && length + Self.sidecarBytes > Self.maximumBytes {
            reasons.append(String(format: tr("with its sidecar’s “.xmp” it is more than the %ld bytes a file name may take"), Self.maximumBytes))
        }
        guard !reasons.isEmpty else { return nil }
        var shown = DisplayName.escaped(original.text)
        if shown.count > 80 { shown = shown.prefix(80) + "…" }
        // TRANSLATORS: the photo's ID, its original name, why it cannot name a file, then the name its copy got.
        return String(format: tr("photo %ld’s original name “%@” cannot name a file as it is (%@); it was exported as %@"),
                      Int(id), shown, reasons.joined(separator: "; "), exported.displayed)
    }
}
