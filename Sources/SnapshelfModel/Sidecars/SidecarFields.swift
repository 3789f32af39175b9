// The fields of a sidecar laid out exactly as Exiv2 writes Snapshelf's, read straight from its
// bytes: a check or a rebuild of a million photos reads a million sidecars, and gexiv2 reads one
// at a time under its lock. Anything this is not sure gives what gexiv2 gives, a layout, a
// character or an entity it does not know, it refuses, and the caller reads the file through
// gexiv2 instead; SidecarFieldsTests holds it to gexiv2 over many awkward sidecars.
struct SidecarFields {
    /// Each property's text by its Exiv2 tag name, such as `Xmp.snapshelf.PhotoID`.
    private(set) var values: [String: String] = [:]
    /// The default-language title, the only one there is.
    private(set) var title: String?

    private static let head = Array("""
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
        """.utf8)
    private static let titleHead = Array("\n   <dc:title>\n    <rdf:Alt>\n     <rdf:li xml:lang=\"x-default\">".utf8)
    private static let titleTail = Array("</rdf:li>\n    </rdf:Alt>\n   </dc:title>\n  </rdf:Description>".utf8)
    private static let tail = Array("\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>".utf8)

    /// The namespaces a Snapshelf sidecar declares, each by the prefix Exiv2 gives it.
    private static let namespaces = [
        "xmlns:dc": "http://purl.org/dc/elements/1.1/",
        "xmlns:xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
        "xmlns:snapshelf": Metadata.namespace,
    ]
    /// The properties written as attributes, by attribute name, with the namespace each needs.
    private static let properties: [String: (tag: String, namespace: String)] = {
        var properties = ["xmpMM:PreservedFileName": (Sidecar.originalNameTag, "xmlns:xmpMM")]
        for tag in [Sidecar.originalBytesTag, Sidecar.idTag, Sidecar.addedTag, Sidecar.takenTag, Sidecar.widthTag,
                    Sidecar.heightTag, Sidecar.rotationTag, Sidecar.cameraTag, Sidecar.machineTag, Sidecar.labelChangedTag,
                    Sidecar.turnsTag, Sidecar.historyTag] {
            properties["snapshelf:" + tag.dropFirst("Xmp.snapshelf.".count)] = (tag, "xmlns:snapshelf")
        }
        return properties
    }()

    /// The fields of a sidecar in Snapshelf's own layout; nil for any other.
    init?(parsing bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes.bindMemory(to: UInt8.self))
        guard reader.take(Self.head) else { return nil }
        var declared = Set<String>()
        var needed = Set<String>()
        // The attributes, one a line, up to the end of the Description's start tag.
        while true {
            guard reader.takeLineBreakAndIndent() else { return nil }
            guard let name = reader.name(), reader.take(Array("=\"".utf8)), let value = reader.text(until: UInt8(ascii: "\"")),
                  reader.take([UInt8(ascii: "\"")]) else { return nil }
            if let uri = Self.namespaces[name] {
                guard value == uri, declared.insert(name).inserted else { return nil }
            } else if let (tag, namespace) = Self.properties[name] {
                guard values[tag] == nil else { return nil }
                needed.insert(namespace)
                // Exiv2 keeps no empty text: an empty value reads as no property at all.
                if !value.isEmpty { values[tag] = value }
            } else {
                return nil
            }
            if reader.take([UInt8(ascii: ">")]) {
                guard reader.take(Self.titleHead), let text = reader.text(until: UInt8(ascii: "<")), !text.isEmpty,
                      reader.take(Self.titleTail) else { return nil }
                needed.insert("xmlns:dc")
                title = text
                break
            }
            if reader.take(Array("/>".utf8)) { break }
        }
        guard needed.isSubset(of: declared), reader.take(Self.tail), reader.isAtEnd else { return nil }
    }

    /// A cursor over the bytes, each step taking what it expects or nothing.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func take(_ expected: [UInt8]) -> Bool {
            guard bytes.count - position >= expected.count,
                  expected.indices.allSatisfy({ bytes[position + $0] == expected[$0] }) else { return false }
            position += expected.count
            return true
        }

        /// A line break and the spaces before the next attribute, as Exiv2 indents them.
        mutating func takeLineBreakAndIndent() -> Bool {
            guard take([0x0A]) else { return false }
            let start = position
            while position < bytes.count && bytes[position] == UInt8(ascii: " ") { position += 1 }
            return position - start == 3 || position - start == 4
        }

        /// An attribute's name: letters and one colon.
        mutating func name() -> String? {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: ":")
        }

        /// The text up to `end`, its entities decoded. Nil for what an XML reader might not give
        /// back as it stands: a control character (line ends and tabs are normalised), an entity
        /// other than the four Exiv2 writes, a raw `>`, text that begins or ends with a space (Exiv2 drops
        /// text that is only spaces), a character XML does not allow, or bytes that are no UTF-8.
        mutating func text(until end: UInt8) -> String? {
            var decoded: [UInt8] = []
            while position < bytes.count, bytes[position] != end {
                let byte = bytes[position]
                // A raw `>` could close a CDATA-like `]]>`, which XML refuses; Exiv2 writes `&gt;`.
                guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">") else { return nil }
                if byte == UInt8(ascii: "&") {
                    guard let character = entity() else { return nil }
                    decoded.append(character)
                    continue
                }
                decoded.append(byte)
                position += 1
            }
            guard decoded.first != UInt8(ascii: " "), decoded.last != UInt8(ascii: " "),
                  let text = String(validating: decoded, as: UTF8.self),
                  !text.unicodeScalars.contains(where: { $0.value >= 0xFFFE && $0.value <= 0xFFFF || $0.value >= 0x80 && $0.value < 0xA0 }) else {
                return nil
            }
            return text
        }

        private mutating func entity() -> UInt8? {
            for (name, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\"")] where take(Array(name.utf8)) {
                return character.utf8.first
            }
            return nil
        }
    }
}
