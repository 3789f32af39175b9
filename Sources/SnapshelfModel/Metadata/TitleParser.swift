// Reads dc:title's texts, each with its language, from an XMP packet as its bytes are. Exiv2 hands
// a language alternative over as one string with the languages joined by ", ", gexiv2's list of
// them splits at every comma, and the packet Exiv2 writes back sorts the languages, so none of
// them can give back a title with a comma, or the first language, exactly; the packet can.
// Exiv2's parser refuses a whole packet for one control character, raw or as `&#1;`, or one byte
// that is no UTF-8, and so does XML's; such a packet is read again with each control character
// carried through the parse under a stand-in, for the label rules to deal with and say so, and
// each byte that is no UTF-8 as U+FFFD, counted.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

package final class TitleParser: NSObject, XMLParserDelegate {
    /// The title a packet holds, and what had to be done to read it.
    package struct Reading: Equatable {
        /// The default-language text, else the first; nil when the packet has no title.
        package let title: String?
        /// The languages in the packet's order, nil for a text without one.
        package let languages: [String?]
        /// The sequences of bytes in the title that were no UTF-8, each now U+FFFD.
        package let invalidSequences: Int
    }

    private static let dublinCore = "http://purl.org/dc/elements/1.1/"
    private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// Stand-ins from the end of the private use planes, where no title's text is: a control
    /// character XML cannot hold is `controlBase` plus its value, U+FFFE and U+FFFF are
    /// `controlBase` plus 0xFE and 0xFF, and a byte sequence that is no UTF-8 is `invalid`.
    private static let controlBase: UInt32 = 0x10FE00
    private static let invalid: UInt32 = 0x10FDFF

    private var inTitle = false
    private var language: String?
    private var text: String?
    private var texts: [(language: String?, text: String)] = []

    /// The title in the packet, or why the packet is no XML even once repaired.
    package static func read(packet: some Collection<UInt8>) -> Result<Reading, Metadata.Failure> {
        let bytes = Data(packet)
        // Foundation's XMLParser traps on a name whose bytes are no UTF-8 (found by `make fuzz`):
        // only bytes that are UTF-8 go to it as they are, the others repaired first.
        if String(validating: bytes, as: UTF8.self) != nil, let texts = try? parse(bytes) { return .success(reading(texts)) }
        do {
            return .success(reading(try parse(Data(repaired(bytes).utf8))))
        } catch {
            return .failure(error)
        }
    }

    /// The default-language title in the packet, else its first; nil when it has none or is no XML.
    static func title(inPacket packet: some Collection<UInt8>) -> String? {
        try? read(packet: packet).get().title
    }

    private static func parse(_ data: Data) throws(Metadata.Failure) -> [(language: String?, text: String)] {
        let parser = XMLParser(data: data)
        let reader = TitleParser()
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        guard parser.parse() else {
            throw Metadata.Failure(description: String(format: tr("its XML is broken at line %ld, column %ld"),
                                                       parser.lineNumber, parser.columnNumber))
        }
        return reader.texts
    }

    /// The title chosen among the texts, its stand-ins turned back.
    private static func reading(_ texts: [(language: String?, text: String)]) -> Reading {
        let languages = texts.map(\.language)
        guard let chosen = texts.first(where: { $0.language == "x-default" }) ?? texts.first else {
            return Reading(title: nil, languages: languages, invalidSequences: 0)
        }
        var scalars = String.UnicodeScalarView()
        var invalidSequences = 0
        for scalar in chosen.text.unicodeScalars {
            switch scalar.value {
            case invalid:
                invalidSequences += 1
                scalars.append("\u{FFFD}")
            case controlBase..<controlBase + 0x20: scalars.append(Unicode.Scalar(scalar.value - controlBase)!)
            case controlBase + 0xFE, controlBase + 0xFF: scalars.append(Unicode.Scalar(scalar.value - controlBase + 0xFF00)!)
            default: scalars.append(scalar)
            }
        }
        return Reading(title: String(scalars), languages: languages, invalidSequences: invalidSequences)
    }

    /// The packet as text XML can hold: stand-ins for what it cannot, raw or as a reference.
    private static func repaired(_ bytes: Data) -> String {
        var scalars: [Unicode.Scalar] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(standIn(for: scalar.value) ?? scalar)
            case .error: scalars.append(Unicode.Scalar(invalid)!)
            case .emptyInput: break decoding
            }
        }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (value, end) = reference(in: scalars, at: index), let standIn = standIn(for: value) {
                result.append(standIn)
                index = end
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The stand-in for a code point XML cannot hold, or nil for one it can.
    private static func standIn(for value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x09, 0x0A, 0x0D: nil
        case 0..<0x20: Unicode.Scalar(controlBase + value)
        case 0xFFFE, 0xFFFF: Unicode.Scalar(controlBase + value - 0xFF00)
        case 0xD800...0xDFFF, 0x110000...: Unicode.Scalar(invalid)
        default: nil
        }
    }

    /// The code point of the character reference `&#…;` at `start`, and where it ends.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (UInt32, Int)? {
        guard start + 3 < scalars.count, scalars[start + 1] == "#" else { return nil }
        let hex = scalars[start + 2] == "x"
        var index = start + (hex ? 3 : 2)
        var digits = ""
        while index < scalars.count, scalars[index] != ";", digits.count < 9 {
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let value = UInt32(digits, radix: hex ? 16 : 10) else { return nil }
        return (value, index + 1)
    }

    package func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "title" && namespaceURI == Self.dublinCore {
            inTitle = true
        } else if inTitle && name == "li" && namespaceURI == Self.rdf {
            language = attributes["xml:lang"] ?? attributes["lang"]
            text = ""
        }
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if inTitle && name == "li" && namespaceURI == Self.rdf, let found = text {
            texts.append((language, found))
            text = nil
        } else if name == "title" && namespaceURI == Self.dublinCore {
            inTitle = false
        }
    }
}
