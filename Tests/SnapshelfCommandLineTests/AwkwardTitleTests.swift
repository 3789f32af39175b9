// Titles other apps wrote that XML cannot hold, or in several languages, or too long for a label,
// and sidecars beside originals that are no files: each read as far as it can be, and every
// change or refusal said in a note naming where the title came from.
import Foundation
import SnapshelfTestSupport
import XCTest

final class AwkwardTitleTests: CommandLineTestCase {
    /// An XMP sidecar holding `title`, bytes as they are, which need not be XML that parses.
    private func sidecar(beside photo: URL, title: [UInt8]) throws {
        let head = Array("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">
            """.utf8)
        let tail = Array("</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>".utf8)
        try Data(head + title + tail).write(to: URL(fileURLWithPath: photo.path + ".xmp"))
    }

    private func photo(_ name: String, from sample: Int) throws -> URL {
        folder.file(named: name, containing: try Data(contentsOf: SamplePhotos.cameras[sample]))
    }

    /// The photo with its XMP title set by exiftool to `written`, then its bytes changed to
    /// `bytes` of the same length, which exiftool would not write.
    private func photo(_ name: String, from sample: Int, titled written: String, bytes: [UInt8]) throws -> URL {
        let url = try photo(name, from: sample)
        try ExifTool.run(["-q", "-overwrite_original", "-XMP-dc:Title=" + written, url.path])
        var data = [UInt8](try Data(contentsOf: url))
        let range = try XCTUnwrap(data.firstRange(of: Array(written.utf8)))
        data.replaceSubrange(range, with: bytes)
        try Data(data).write(to: url)
        return url
    }

    private func labels() throws -> [String] {
        try snapshelf("list").standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) }
    }

    func testWithoutADefaultLanguageTheFirstIsTakenFromASidecarAndFromThePhoto() throws {
        let besides = try photo("beside.jpg", from: 0)
        try ExifTool.run(["-q", "-o", besides.path + ".xmp", "-XMP-dc:Title-de=Auf Deutsch", "-XMP-dc:Title-fr=En français"])
        let embedded = try photo("embedded.jpg", from: 1)
        try ExifTool.run(["-q", "-overwrite_original", "-XMP-dc:Title-de=Eingebettet", "-XMP-dc:Title-fr=Intégré", embedded.path])
        try snapshelf("import", besides.path, embedded.path)
        // Exiv2 gives the languages back sorted, French first: the packets' own order is read.
        XCTAssertEqual(try labels(), ["Auf Deutsch", "Eingebettet"])
    }

    func testTitlesXMLCannotHoldAreReadCleanedAndNamedInANote() throws {
        let references = try photo("references.jpg", from: 0)
        try sidecar(beside: references, title: Array("A&#1;B&#x1B;[31mC".utf8))
        let raw = try photo("raw.jpg", from: 1)
        try sidecar(beside: raw, title: [0x52, 0x01, 0x61, 0xFF, 0x77])
        let nothing = try photo("nothing.jpg", from: 2)
        try sidecar(beside: nothing, title: Array("&#1;&#2;".utf8))
        let embedded = try photo("embedded.jpg", from: 3, titled: "InXbytes", bytes: Array("In\u{1}".utf8) + [0xC3, 0x28] + Array("ytes".utf8).dropLast())
        let outcome = try snapshelf("import", references.path, raw.path, nothing.path, embedded.path)
        XCTAssertEqual(try labels(), ["AB[31mC", "Ra\u{FFFD}w", "", "In\u{FFFD}(yte"])
        let notes = outcome.standardError
        XCTAssertTrue(notes.contains("note: \(references.path): in the title from the XMP sidecar references.jpg.xmp, 2 invisible control or formatting characters were removed"), notes)
        XCTAssertTrue(notes.contains("note: \(raw.path): in the title from the XMP sidecar raw.jpg.xmp, 1 sequence of bytes that was no UTF-8 became �; 1 invisible control or formatting character was removed"), notes)
        XCTAssertTrue(notes.contains("note: \(nothing.path): the title from the XMP sidecar nothing.jpg.xmp holds nothing but invisible characters, so it was not taken"), notes)
        XCTAssertTrue(notes.contains("note: \(embedded.path): in the title from the photo’s XMP title, 1 sequence of bytes that was no UTF-8 became �; 1 invisible control"), notes)
    }

    func testAMegabyteTitleIsCutToALabelOrRefusedWithAReason() throws {
        let long = try photo("long.jpg", from: 0)
        try sidecar(beside: long, title: Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
        // One character of a million bytes: no label can hold it, nor can a cut keep any of it.
        let accents = try photo("accents.jpg", from: 1)
        try sidecar(beside: accents, title: [UInt8(ascii: "e")] + Array(repeating: Array("\u{301}".utf8), count: 499_000).joined())
        let outcome = try snapshelf("import", long.path, accents.path)
        XCTAssertEqual(try labels(), [String(repeating: "a", count: 500), ""])
        let notes = outcome.standardError
        XCTAssertFalse(notes.contains("decoder"), notes)
        XCTAssertTrue(notes.contains("note: \(long.path): in the title from the XMP sidecar long.jpg.xmp, the text was longer than a label may be (500 characters, 8192 bytes) and was cut to fit"), notes)
        XCTAssertTrue(notes.contains("note: \(accents.path): the title from the XMP sidecar accents.jpg.xmp cannot be cut to a label (the label takes 998001 bytes; the limit is 8192"), notes)
    }

    func testASidecarThatIsNoRegularFileIsNamedAndNotOpenedToWait() throws {
        let piped = try photo("piped.jpg", from: 0)
        XCTAssertEqual(mkfifo(piped.path + ".xmp", 0o600), 0)
        let foldered = try photo("foldered.jpg", from: 1)
        try FileManager.default.createDirectory(atPath: foldered.deletingPathExtension().path + ".xmp", withIntermediateDirectories: false)
        let outcome = try snapshelf("import", piped.path, foldered.path)
        XCTAssertTrue(outcome.standardError.contains("note: \(piped.path).xmp: it is a named pipe (FIFO), not a regular file, so no title was taken from it"),
                      outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("note: \(folder.url.path)/foldered.xmp: it is a folder, not a regular file, so no title was taken from it"),
                      outcome.standardError)
        XCTAssertEqual(try labels(), ["", ""])
    }
}
