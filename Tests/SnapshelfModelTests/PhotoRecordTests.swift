// One photo record through each place that keeps it: saved in a real SQLite database and read
// back, written as a sidecar file and read back, it is the same record; exiftool, which shares no
// code with Exiv2, reads the label and name from the sidecar; and the sidecar's bytes are those
// Snapshelf wrote before the record was one type, so existing libraries read the same.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoRecordTests: FolderTestCase {
    /// Awkward in every field: text XML must escape, a name that is not UTF-8, dates before 1970
    /// and without an offset, each rotation, a camera named, named as none, and not read yet.
    private let records = [
        PhotoRecord(id: 1, label: "Café \"Zürich\" & <friends> 日本語 👍🏽", originalFileName: FileName(bytes: Array("IMG_1".utf8) + [0xFF, 0x2E, 0x6A]),
                    addedMilliseconds: 1_796_135_996_300, taken: TakenDate(clock: Date(timeIntervalSince1970: 1_212_162_961.5), offsetMinutes: 120),
                    width: 4000, height: 3000, rotation: 90, camera: "Canon EOS 40D"),
        PhotoRecord(id: 2, label: "", originalFileName: "IMG_2.jpg", addedMilliseconds: -1001,
                    taken: TakenDate(clock: Date(timeIntervalSince1970: -86_400.25), offsetMinutes: nil),
                    width: 1, height: 2, rotation: 270, camera: ""),
        PhotoRecord(id: PhotoID.valid.upperBound, label: "Ana", originalFileName: "a b.jpeg", addedMilliseconds: 0, taken: nil,
                    width: 640, height: 480, rotation: 180, camera: nil),
    ]

    private func row(_ record: PhotoRecord) -> LibraryDatabase.Row {
        let hex = String(record.id, radix: 16)
        let sha256 = String(repeating: "0", count: 64 - hex.count) + hex
        return LibraryDatabase.Row(record, fileName: sha256 + ".jpg", sha256: sha256)
    }

    func testARecordComesBackFromTheDatabaseAsItWasSaved() throws {
        let url = folder.url.appendingPathComponent("library.sqlite")
        try LibraryDatabase(fileURL: url, readOnly: false).insert(records.map { (row($0), true) })
        // Read by another connection, as another process would, and by one that cannot write.
        for readOnly in [false, true] {
            let rows = try LibraryDatabase(fileURL: url, readOnly: readOnly).allRows()
            XCTAssertEqual(rows, records.map(row), "read-only: \(readOnly)")
            XCTAssertEqual(rows.map(\.record), records, "read-only: \(readOnly)")
        }
    }

    func testARecordComesBackFromItsSidecarFileAsItWasWritten() throws {
        for record in records {
            let url = folder.url.appendingPathComponent("\(record.id).jpg.xmp")
            try Sidecar(record).write(to: url, through: folder.url)
            var read = try Sidecar(reading: url).record
            // XMP keeps no empty text: a camera not read yet is written as none, and read back so.
            XCTAssertEqual(read.camera, record.camera ?? "", "\(record.id)")
            read.camera = record.camera
            XCTAssertEqual(read, record)

            XCTAssertEqual(try ExifTool.title(of: url), record.label, "\(record.id)")
            XCTAssertEqual(try ExifTool.value("XMP-xmpMM:PreservedFileName", of: url), record.originalName, "\(record.id)")
            XCTAssertEqual(try ExifTool.value("XMP-snapshelf:PhotoID", of: url), String(record.id))
        }
    }

    func testASidecarIsWrittenByteForByteAsBefore() throws {
        let url = folder.url.appendingPathComponent("1.jpg.xmp")
        var sidecar = Sidecar(records[0])
        sidecar.machine = "a1b2"
        sidecar.turns = sidecar.turns.turned(by: "a1b2", to: 180)
        sidecar.rotation = 180
        try sidecar.write(to: url, through: folder.url)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), Self.writtenBefore)
    }

    func testAPhotoShowsItsRecordTurnedAndWithoutAnEmptyCamera() {
        let file = URL(fileURLWithPath: "/library/photos/1.jpg")
        let photos = records.map { Photo(record: $0, fileURL: file) }
        XCTAssertEqual(photos.map(\.width), [3000, 2, 640])
        XCTAssertEqual(photos.map(\.height), [4000, 1, 480])
        XCTAssertEqual(photos.map(\.camera), ["Canon EOS 40D", nil, nil])
        XCTAssertEqual(photos.map(\.takenIfKnown), records.map(\.taken))
        XCTAssertEqual(photos[2].taken, TakenDate(moment: Date(timeIntervalSince1970: 0)), "one without a date taken has the date added")
        // A photo made from its fields as they are shown keeps the record the library would.
        let shown = photos[0]
        XCTAssertEqual(Photo(id: shown.id, label: shown.label, fileURL: file, originalName: "x", added: shown.added, taken: shown.takenIfKnown,
                             width: shown.width, height: shown.height, rotation: shown.rotation, camera: shown.camera).record,
                       PhotoRecord(id: 1, label: records[0].label, originalFileName: "x", addedMilliseconds: records[0].addedMilliseconds,
                                   taken: records[0].taken, width: 4000, height: 3000, rotation: 90, camera: "Canon EOS 40D"))
    }

    /// What `Sidecar(row:).write` wrote for that sidecar before `PhotoRecord`.
    private static let writtenBefore = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:snapshelf="https://snapshelf.github.io/ns/1.0/"
           xmpMM:PreservedFileName="IMG_1\u{FFFD}.j"
           snapshelf:OriginalName="IMG_1%FF.j"
           snapshelf:PhotoID="1"
           snapshelf:Added="2026-12-01T14:39:56.300Z"
           snapshelf:Taken="2008-05-30T15:56:01.500+02:00"
           snapshelf:Width="4000"
           snapshelf:Height="3000"
           snapshelf:Rotation="180"
           snapshelf:Camera="Canon EOS 40D"
           snapshelf:Machine="a1b2"
           snapshelf:LabelChanged="2026-12-01T14:39:56.300Z"
           snapshelf:Turns="a1b2:1:90 base:0:90">
           <dc:title>
            <rdf:Alt>
             <rdf:li xml:lang="x-default">Café "Zürich" &amp; &lt;friends&gt; 日本語 👍🏽</rdf:li>
            </rdf:Alt>
           </dc:title>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
}
