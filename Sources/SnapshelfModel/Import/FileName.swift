// A file's name or path as Linux spells it: bytes, which need not be UTF-8. Swift's strings and
// Foundation's `path` turn bytes that are not UTF-8 into U+FFFD, after which the file can no
// longer be opened, so a name travels as these bytes, and through Foundation as a file URL whose
// percent-encoded path holds them exactly, as GLib's URIs do.
import Foundation

public struct FileName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The bytes of a C string, such as an argument or a directory entry.
    public init(cString: UnsafePointer<CChar>) {
        bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self),
                                          count: strlen(cString)))
    }

    /// The path of a file URL, byte for byte, whether Foundation made it or `url` did; without
    /// the slash a folder's URL ends in, as Foundation's `path` has it.
    public init(url: URL) {
        // Foundation writes a `%` in a path as "%25", so its encoded paths always decode.
        let path = FileName(percentEncoded: url.absoluteURL.path(percentEncoded: true)) ?? FileName(url.path)
        var bytes = path.bytes[...]
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        self.init(bytes: bytes)
    }

    /// Whether the bytes are UTF-8, so that `text` is the name itself.
    public var isUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The name as text: the name itself when it is UTF-8, else with U+FFFD for what is not,
    /// as Foundation would have it. For storing and searching; people see `displayed`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The name as a person may be shown it; see `DisplayName`.
    public var displayed: String { DisplayName.of(self) }

    public var description: String { displayed }

    /// What follows the last slash.
    public var lastComponent: FileName {
        var trimmed = bytes[...]
        while trimmed.count > 1 && trimmed.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")), trimmed.count > 1 else { return FileName(bytes: trimmed) }
        return FileName(bytes: trimmed[(slash + 1)...])
    }

    /// This name without its extension, as Foundation's `deletingPathExtension` has it: a
    /// name that only begins or ends with a dot has none.
    public var deletingExtension: FileName {
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        guard let dot = bytes[start...].lastIndex(of: UInt8(ascii: ".")), dot > start, dot < bytes.count - 1 else { return self }
        return FileName(bytes: bytes[..<dot])
    }

    /// This name with a dot and `fileExtension` after it.
    public func appendingExtension(_ fileExtension: String) -> FileName {
        FileName(bytes: bytes + Array(".\(fileExtension)".utf8))
    }

    /// This path with `name` after it.
    public func appending(_ name: FileName) -> FileName {
        FileName(bytes: (bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")]) + name.bytes)
    }

    /// The path as a file URL, resolved against the working folder when relative. A UTF-8 path
    /// gives Foundation's own URL, so nothing else changes for it; any other keeps its bytes
    /// percent-encoded, where `init(url:)` finds them again.
    public var url: URL {
        if let text = String(validating: bytes, as: UTF8.self) {
            return URL(fileURLWithPath: text)
        }
        let absolute = bytes.first == UInt8(ascii: "/") ? self : Self.workingFolder.appending(self)
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        return URL(string: "file://" + absolute.encoded { unreserved.contains($0) })!
    }

    private static var workingFolder: FileName {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return FileName(cString: path)
    }

    /// Calls `body` with the path as the NUL-terminated string the system calls take.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The name in text that any reader keeps, such as an XMP value: printable ASCII stays, and
    /// every other byte, `%` among them, becomes `%` and two hex digits.
    public var percentEncoded: String {
        encoded { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }
    }

    private func encoded(keeping kept: (UInt8) -> Bool) -> String {
        bytes.map { kept($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }

    /// The name `percentEncoded` wrote; nil for text it could not have written.
    public init?(percentEncoded text: String) {
        var bytes: [UInt8] = []
        var digits = text.utf8.makeIterator()
        while let byte = digits.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = digits.next().flatMap(Self.hexValue), let low = digits.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
