// The date taken as the camera's clock said it, with the clock's offset from UTC where the photo
// records one: `list --json` gives it whatever zone the computer is in, a rebuild gets it back
// from the sidecars, and a library from before it keeps its dates. What each photo says is read
// with exiftool.
import Foundation
import SnapshelfTestSupport
import XCTest

final class DateTakenTests: CommandLineTestCase {
    private static let newYork = ["TZ": "America/New_York"]
    private static let utc = ["TZ": "UTC"]
    private static let nokia = SamplePhotos.jpeg("mobile/HMD_Nokia_8.3_5G.jpg")
    private var database: URL { libraryURL.appendingPathComponent("library.sqlite3") }

    /// The date taken by photo ID, as `list --json` gives it in the zone.
    private func taken(in zone: [String: String]) throws -> [Int: String] {
        let json = try snapshelf(["list", "--json"], environment: zone).standardOutput
        let listed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: listed.map { ($0["id"] as? Int ?? 0, $0["taken"] as? String ?? "null") })
    }

    /// exiftool's DateTimeOriginal and OffsetTimeOriginal as ISO 8601: the offset, or no zone without one.
    static func exifToolDate(of photo: URL) throws -> String {
        let clock = try ExifTool.value("DateTimeOriginal", of: photo)
        let offset = try ExifTool.value("OffsetTimeOriginal", of: photo)
        let parts = clock.split(separator: " ")
        XCTAssertEqual(parts.count, 2, clock)
        return parts[0].replacingOccurrences(of: ":", with: "-") + "T" + parts[1] + offset
    }

    /// Takes the library back to schema 9, before clocks were kept.
    private func makeItOlder(_ sql: String = "") throws {
        try LibraryFixture.execute(sql + "ALTER TABLE photos DROP COLUMN taken_clock_ms; ALTER TABLE photos DROP COLUMN taken_offset_min; " +
                                   "DROP TABLE pending_dates; PRAGMA user_version = 9;", in: database)
    }

    /// The sidecar of the photo with the ID.
    private func sidecar(of id: Int) throws -> URL {
        let json = try snapshelf("list", "--json").standardOutput
        let listed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return URL(fileURLWithPath: try XCTUnwrap(listed.first { $0["id"] as? Int == id }?["file"] as? String) + ".xmp")
    }

    /// Puts the date into the sidecar as an older Snapshelf wrote it, a moment in UTC, as gexiv2 lays it out.
    private func writeOldDate(_ text: String, into sidecar: URL) throws {
        let written = try String(contentsOf: sidecar, encoding: .utf8)
        let old = try XCTUnwrap(written.firstMatch(of: /snapshelf:Taken="[^"]*"/), written)
        try written.replacingCharacters(in: old.range, with: "snapshelf:Taken=\"\(text)\"").write(to: sidecar, atomically: true, encoding: .utf8)
    }

    func testListGivesTheCamerasClockWithItsOffsetWhateverTheZone() throws {
        XCTAssertEqual(try Self.exifToolDate(of: Self.nokia), "2022-08-14T14:12:31+03:00")
        XCTAssertEqual(try Self.exifToolDate(of: SamplePhotos.cameras[0]), "2008-05-30T15:56:01", "the Canon records no offset")
        try snapshelf(["import", Self.nokia.path], environment: Self.utc)
        try snapshelf(["import", SamplePhotos.cameras[0].path], environment: Self.newYork)
        let expected = [1: try Self.exifToolDate(of: Self.nokia), 2: try Self.exifToolDate(of: SamplePhotos.cameras[0])]
        XCTAssertEqual(try taken(in: Self.utc), expected)
        XCTAssertEqual(try taken(in: Self.newYork), expected)
        XCTAssertEqual(try taken(in: ["TZ": "Asia/Tokyo"]), expected)
    }

    func testAHEICsAndAnAVIFsDateTakenIsListedAsExifToolReadsIt() throws {
        let files = try DatedPhotos.heicAndAVIF(in: folder.url, clock: "2021:03:04 05:06:07", offset: "-05:00")
        try snapshelf(["import"] + files.map(\.path), environment: Self.utc)
        let expected = try files.map(Self.exifToolDate(of:))
        XCTAssertEqual(expected, ["2021-03-04T05:06:07-05:00", "2021-03-04T05:06:07-05:00"])
        XCTAssertEqual(try taken(in: Self.newYork), [1: expected[0], 2: expected[1]])
    }

    func testARebuildGetsTheClockAndOffsetBackFromTheSidecars() throws {
        try snapshelf(["import", Self.nokia.path, SamplePhotos.cameras[0].path], environment: Self.newYork)
        let listing = try snapshelf(["list", "--json"], environment: Self.newYork).standardOutput
        let sidecars = try copies().map { $0.appendingPathExtension("xmp") }
        XCTAssertEqual(Set(try sidecars.map { try ExifTool.value("XMP-snapshelf:Taken", of: $0) }),
                       ["2022:08:14 14:12:31.000+03:00", "2008:05:30 15:56:01.000"], "exiftool reads the sidecars' dates")
        for suffix in ["", "-wal", "-shm"] { unlink(database.path + suffix) }
        try snapshelf(["rebuild"], environment: Self.utc)
        XCTAssertEqual(try snapshelf(["list", "--json"], environment: Self.utc).standardOutput, listing)
        try assertSound()
    }

    func testALibraryFromBeforeClocksKeepsItsDatesAndWritesThemIntoItsSidecars() throws {
        try snapshelf(["import", SamplePhotos.cameras[0].path, SamplePhotos.cameras[1].path], environment: Self.newYork)
        let before = try snapshelf(["list", "--json"], environment: Self.newYork).standardOutput
        // As an older Snapshelf left it: the Canon's clock read in New York's zone, kept as a moment in UTC.
        let sidecar = try sidecar(of: 1)
        try writeOldDate("2008-05-30T19:56:01.000Z", into: sidecar)
        try makeItOlder()
        XCTAssertEqual(try snapshelf(["list", "--json"], environment: Self.newYork).standardOutput, before)
        XCTAssertEqual(try LibraryFixture.schemaVersion(of: database), 13)
        XCTAssertEqual(try taken(in: Self.utc)[1], "2008-05-30T15:56:01")
        // Run again, the upgrade changes nothing.
        try LibraryFixture.execute("PRAGMA user_version = 9;", in: database)
        XCTAssertEqual(try snapshelf(["list", "--json"], environment: Self.utc).standardOutput, before)
        // The sidecars were written again with the clock; an older one's moment reads as its clock here.
        try assertSound()
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Taken", of: sidecar), "2008:05:30 15:56:01.000")
        try writeOldDate("2008-05-30T19:56:01.000Z", into: sidecar)
        for suffix in ["", "-wal", "-shm"] { unlink(database.path + suffix) }
        try snapshelf(["rebuild"], environment: Self.newYork)
        XCTAssertEqual(try taken(in: Self.utc)[1], "2008-05-30T15:56:01")
    }

    func testALibraryFromBeforeClocksGetsOffsetsAndHEICDatesFromItsCopies() throws {
        let files = [Self.nokia] + (try DatedPhotos.heicAndAVIF(in: folder.url, clock: "2021:03:04 05:06:07", offset: "-05:00"))
        let undated = SamplePhotos.landscape(orientation: 1)
        XCTAssertEqual(try ExifTool.value("DateTimeOriginal", of: undated), "", "the sample has a date after all")
        try snapshelf(["import"] + (files + [undated]).map(\.path), environment: Self.newYork)
        let expected = try files.map(Self.exifToolDate(of:))
        // As an older Snapshelf left them: the Nokia's clock read in New York's zone, the HEIC and
        // the AVIF with their files' dates, and the undated photo with its file's, 22:13:20 UTC.
        try makeItOlder("UPDATE photos SET taken_ms = 1660500751000 WHERE id = 1; UPDATE photos SET taken_ms = 1700000000000 WHERE id > 1; ")
        try snapshelf(["check"], environment: Self.newYork)
        XCTAssertEqual(try taken(in: Self.utc), [1: expected[0], 2: expected[1], 3: expected[2], 4: "2023-11-14T17:13:20-05:00"])
        XCTAssertEqual(expected[0], "2022-08-14T14:12:31+03:00")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Taken", of: try sidecar(of: 2)), "2021:03:04 05:06:07.000-05:00")
        try assertSound()
    }
}
