// Reads dc:title's texts, each with its language, from an XMP packet. Exiv2 hands a language
// alternative over as one string with the languages joined by ", " and gexiv2's list of them
// splits at every comma, so neither can give back a title with a comma exactly; the packet can.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

final class TitleParser: NSObject, XMLParserDelegate {
    private static let dublinCore = "http://purl.org/dc/elements/1.1/"
    private static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    private var inTitle = false
    private var language: String?
    private var text: String?
    private(set) var texts: [(language: String?, text: String)] = []

    /// The default-language title in the packet, else its first; nil when it has none.
    static func title(inPacket packet: String) -> String? {
        let parser = XMLParser(data: Data(packet.utf8))
        let reader = TitleParser()
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        guard parser.parse() else { return nil }
        return (reader.texts.first { $0.language == "x-default" } ?? reader.texts.first)?.text
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "title" && namespaceURI == Self.dublinCore {
            inTitle = true
        } else if inTitle && name == "li" && namespaceURI == Self.rdf {
            language = attributes["xml:lang"] ?? attributes["lang"]
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if inTitle && name == "li" && namespaceURI == Self.rdf, let found = text {
            texts.append((language, found))
            text = nil
        } else if name == "title" && namespaceURI == Self.dublinCore {
            inTitle = false
        }
    }
}
