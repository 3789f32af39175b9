// The fast reader of Snapshelf's own sidecars against gexiv2: for every sidecar it accepts, written
// by Snapshelf with awkward labels, names and cameras or changed by hand afterwards, it must give
// exactly what gexiv2 gives, tag by tag and the title; and it must accept the ordinary ones.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarFieldsTests: FolderTestCase {
    private static let tags = [Sidecar.originalNameTag, Sidecar.originalBytesTag, Sidecar.idTag, Sidecar.addedTag, Sidecar.takenTag,
                               Sidecar.widthTag, Sidecar.heightTag, Sidecar.rotationTag, Sidecar.cameraTag, Sidecar.machineTag,
                               Sidecar.labelChangedTag, Sidecar.turnsTag, Sidecar.historyTag]

    /// Pieces of text that XML, Exiv2 or the reader might each treat in their own way.
    private static let pieces = [
        "Beach", "in", "Lisbon", ",", " ", "  ", "\"", "'", "&", "&amp;", "&#xA;", "<", ">", "]]>", "<b>", "é", "e\u{301}", "Ærø",
        "日本語", "中文", "한국어", "العربية", "עברית", "Ελληνικά", "Русский", "हिन्दी", "👍🏽", "🇵🇹", "\u{FEFF}", "\u{A0}",
        "\u{85}", "\u{2028}", "\n", "\r\n", "\r", "\t", "lang=\"de\" ", "lang=\"x-default\" ", "x-default", "%41", "=", "/>",
        "<?xpacket", "rdf:li", "\u{7F}", "\u{1F}", "\u{200B}",
    ]

    private func awkwardText<G: RandomNumberGenerator>(_ generator: inout G, pieces count: Int) -> String {
        (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
    }

    private func sidecar<G: RandomNumberGenerator>(_ number: Int, _ generator: inout G) -> Sidecar {
        let ordinary = number % 4 == 0
        let label = ordinary ? "Beach in Lisbon with Ana, \(2000 + number % 25)" : awkwardText(&generator, pieces: Int.random(in: 0...6, using: &generator))
        var name = FileName(ordinary ? "IMG_\(number).jpg" : awkwardText(&generator, pieces: Int.random(in: 0...3, using: &generator)))
        if number % 7 == 3 { name = FileName(bytes: name.bytes + [0xFF, 0x41, 0xC3]) }
        let record = PhotoRecord(
            id: Int64.random(in: PhotoID.valid, using: &generator), label: label, originalFileName: name,
            addedMilliseconds: Int64.random(in: -4_000_000_000_000...4_000_000_000_000, using: &generator),
            taken: number % 3 == 0 ? nil : TakenDate(clock: Date(timeIntervalSince1970: Double(Int64.random(in: 0...2_000_000_000_000, using: &generator)) / 1000),
                                                     offsetMinutes: [nil, 0, 180, -330].randomElement(using: &generator)!),
            width: Int.random(in: 0...100_000, using: &generator), height: Int.random(in: 0...100_000, using: &generator),
            rotation: [0, 90, 180, 270].randomElement(using: &generator)!,
            camera: number % 5 == 0 ? nil : (ordinary ? "Canon EOS 40D" : awkwardText(&generator, pieces: 2)))
        var sidecar = Sidecar(record)
        // What merging computers' copies keeps, the history's labels as awkward as the label.
        if number % 8 < 5 {
            sidecar.machine = String(UInt64.random(in: 1...UInt64.max, using: &generator), radix: 16)
            sidecar.labelChangedMilliseconds = Int64.random(in: 0...2_000_000_000_000, using: &generator)
            sidecar.turns = sidecar.turns.turned(by: sidecar.machine!, to: (sidecar.rotation + 90) % 360).turned(by: "c3d4", to: sidecar.rotation)
            sidecar.history = SidecarHistory(entries: (0..<Int.random(in: 1...3, using: &generator)).map { index in
                SidecarHistory.Entry(label: ordinary ? "Lisbon | \\ \(index)" : awkwardText(&generator, pieces: 3),
                                     changedMilliseconds: Int64(index) * 1000, machine: index == 0 ? "" : "a1b2")
            })
        }
        return sidecar
    }

    /// Whether the fast reader accepts the file, failing the test where it then disagrees with gexiv2.
    @discardableResult
    private func assertAgreesWithGexiv2(_ url: URL, _ context: @autoclosure () -> String) throws -> Bool {
        let bytes = try [UInt8](Data(contentsOf: url))
        guard let fields = bytes.withUnsafeBytes(SidecarFields.init(parsing:)) else { return false }
        guard let metadata = try? Metadata(reading: url.path) else {
            XCTFail("gexiv2 cannot read what the fast reader accepted: \(context())")
            return true
        }
        for tag in Self.tags {
            XCTAssertEqual(fields.values[tag], metadata.string(tag), "\(tag) of \(context())")
        }
        XCTAssertEqual(fields.title, metadata.title(), "the title of \(context())")
        return true
    }

    func testTheFastReaderGivesWhatGexiv2GivesForEverySidecarItAccepts() throws {
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        var ordinaryAccepted = 0
        for number in 0..<600 {
            let url = folder.url.appendingPathComponent("\(number).xmp")
            let sidecar = sidecar(number, &generator)
            do {
                try sidecar.write(to: url, through: folder.url)
            } catch {
                // Exiv2 refuses some texts outright; such a sidecar never exists to be read.
                continue
            }
            let context = "\(sidecar.label.debugDescription), \(sidecar.originalFileName.bytes), \(String(describing: sidecar.camera))"
            guard try assertAgreesWithGexiv2(url, context) else { continue }
            accepted += 1
            // Exiv2 writes a control character as a space, so only the ordinary ones come back
            // whole; the others must only agree with gexiv2.
            if number % 4 == 0 {
                ordinaryAccepted += 1
                let read = try Sidecar(reading: url)
                XCTAssertEqual(read, sidecar, context)
                XCTAssertEqual([read.machine, read.turns.text, read.history.text], [sidecar.machine, sidecar.turns.text, sidecar.history.text], context)
                XCTAssertEqual(read.labelChangedMilliseconds, sidecar.labelChangedMilliseconds, context)
            }
        }
        XCTAssertEqual(ordinaryAccepted, 150, "every ordinary sidecar takes the fast path")
        XCTAssertGreaterThan(accepted, 200)
    }

    /// Writes the sidecar of photo 42, a photo with every field, and returns its text.
    private func writeSidecar(labelled label: String, to url: URL) throws -> String {
        let record = PhotoRecord(id: 42, label: label, originalFileName: "IMG_1.jpg", addedMilliseconds: 1_796_135_996_300,
                                 taken: TakenDate(clock: Date(timeIntervalSince1970: 1_212_162_961), offsetMinutes: 120),
                                 width: 16, height: 12, rotation: 90, camera: "Canon EOS 40D")
        try Sidecar(record).write(to: url, through: folder.url)
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testSidecarsChangedByHandAreReadAsGexiv2ReadsThemOrLeftToIt() throws {
        let url = folder.url.appendingPathComponent("written.xmp")
        let written = try writeSidecar(labelled: "Tom & \"Jerry\" <3", to: url)
        XCTAssertTrue(try assertAgreesWithGexiv2(url, "as written"))
        let edits: [(String, String)] = [
            ("snapshelf:PhotoID=\"42\"", "snapshelf:PhotoID=\"42\"\n   snapshelf:PhotoID=\"43\""),
            ("snapshelf:PhotoID=\"42\"", "snapshelf:PhotoID=\"\""),
            ("snapshelf:PhotoID=\"42\"", "snapshelf:PhotoID=\" 42\""),
            ("snapshelf:PhotoID=\"42\"", "snapshelf:PhotoID=\"4&#x32;\""),
            ("snapshelf:PhotoID=\"42\"", "snapshelf:PhotoID='42'"),
            ("snapshelf:PhotoID=\"42\"", "ss:PhotoID=\"42\""),
            ("snapshelf:PhotoID=\"42\"", "snapshelf:Unknown=\"1\"\n   snapshelf:PhotoID=\"42\""),
            ("snapshelf:Camera=\"Canon EOS 40D\"", "snapshelf:Camera=\"Canon&#10;EOS\""),
            ("snapshelf:Camera=\"Canon EOS 40D\"", "snapshelf:Camera=\"Canon\tEOS\""),
            ("snapshelf:Camera=\"Canon EOS 40D\"", "snapshelf:Camera=\"\""),
            ("    xmlns:snapshelf=\"https://snapshelf.github.io/ns/1.0/\"\n", ""),
            ("    xmlns:snapshelf=\"https://snapshelf.github.io/ns/1.0/\"", "    xmlns:snapshelf=\"https://example.org/\""),
            ("    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n", ""),
            ("Tom &amp; \"Jerry\" &lt;3", "Tom &amp; \"Jerry\" &lt;3&#xA;"),
            ("Tom &amp; \"Jerry\" &lt;3", "Tom &apos;Jerry&apos;"),
            ("Tom &amp; \"Jerry\" &lt;3", "<![CDATA[Tom]]>"),
            ("Tom &amp; \"Jerry\" &lt;3", "   "),
            ("Tom &amp; \"Jerry\" &lt;3", ""),
            ("<rdf:li xml:lang=\"x-default\">", "<rdf:li xml:lang=\"de\">"),
            ("</rdf:li>\n    </rdf:Alt>", "</rdf:li>\n     <rdf:li xml:lang=\"de\">Strand</rdf:li>\n    </rdf:Alt>"),
            ("<?xpacket end=\"w\"?>", "<?xpacket end=\"w\"?>\n"),
            ("<?xpacket end=\"w\"?>", "<?xpacket end=\"r\"?>"),
            ("\n   snapshelf:Width", "\n\tsnapshelf:Width"),
            ("\n   snapshelf:Width", "\r\n   snapshelf:Width"),
        ]
        for (original, replacement) in edits {
            XCTAssertTrue(written.contains(original), original)
            try Data(written.replacingOccurrences(of: original, with: replacement).utf8).write(to: url)
            try assertAgreesWithGexiv2(url, "\(original) → \(replacement)")
        }
    }

    func testAFIFOOrAFolderInASidecarsPlaceIsRefusedWithoutWaiting() throws {
        let fifo = folder.url.appendingPathComponent("fifo.jpg.xmp")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // Opened without O_NONBLOCK, a FIFO with no writer would keep the read waiting for ever.
        XCTAssertThrowsError(try Sidecar(reading: fifo)) { XCTAssertEqual($0 as? Sidecar.Problem, .notAFile) }
        let directory = folder.url.appendingPathComponent("folder.jpg.xmp")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        XCTAssertThrowsError(try Sidecar(reading: directory)) { XCTAssertEqual($0 as? Sidecar.Problem, .notAFile) }
        let link = folder.url.appendingPathComponent("link.jpg.xmp")
        XCTAssertEqual(symlink(fifo.path, link.path), 0)
        XCTAssertThrowsError(try Sidecar(reading: link)) { XCTAssertEqual($0 as? Sidecar.Problem, .notAFile) }
    }

    /// A sidecar the strict reading refuses for one field is salvaged from the bytes that reading
    /// takes, as safely: never through a link, which gexiv2's own opening of the path followed.
    func testASidecarIsSalvagedFromItsBytesNeverThroughALink() throws {
        let url = folder.url.appendingPathComponent("salvaged.jpg.xmp")
        let written = try writeSidecar(labelled: "Lisbon", to: url)
        XCTAssertTrue(written.contains("snapshelf:Taken=\""), written)
        try Data(written.replacingOccurrences(of: "snapshelf:Taken=\"", with: "snapshelf:Taken=\"when? ").utf8).write(to: url)
        let read = SidecarSalvage.read(url)
        XCTAssertEqual(read.salvage?.label, "Lisbon")
        XCTAssertEqual(read.salvage?.id, 42)
        let problem = try XCTUnwrap(read.problem)
        guard case .invalid = problem else { return XCTFail("refused for \(problem)") }
        let link = folder.url.appendingPathComponent("link.jpg.xmp")
        XCTAssertEqual(symlink(url.path, link.path), 0)
        XCTAssertNil(SidecarSalvage(reading: link, refusedFor: problem), "a sidecar was salvaged through a link")
        XCTAssertNil(SidecarSalvage.read(link).salvage)
    }
}
