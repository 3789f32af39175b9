// A packet whose markup holds a byte that is no UTF-8, as a name, is read by the label rules' own
// repair rather than handed to Foundation's XMLParser as it is, which trapped on it: `make fuzz`
// found it in a photo's XMP, where it killed the decoder and failed the photo's import.
import Foundation
import SnapshelfModel
import XCTest

final class TitleParserTests: XCTestCase {
    func testANameThatIsNoUTF8IsRepairedNotTrappedOn() throws {
        let packet = Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/">
            <exif:ExposureBiasVal
            """.utf8) + [0xFF] + Array("""
            e>0/3</exif:ExposureBiasVal\u{FFFD}e><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour</rdf:li></rdf:Alt></dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
        // Broken XML either way; what matters is an answer rather than a trap.
        switch TitleParser.read(packet: packet) {
        case .success(let reading): XCTAssertNotEqual(reading.title, "")
        case .failure(let failure): XCTAssertFalse(failure.description.isEmpty)
        }
    }
}
