// Photos sorted by date taken follow the moment each was taken, from its camera's clock and that
// clock's offset from UTC, not the clock's reading alone; and a HEIC's or an AVIF's date taken is
// read from its Exif item, which Debian's Exiv2 cannot read, by a sandboxed decoder; and the
// sidecar keeps the clock with its offset, reading an older Snapshelf's moment in UTC as before.
import Foundation
@testable import SnapshelfModel
import SnapshelfDecoderWire
import SnapshelfTestSupport
import XCTest

final class TakenDateTests: LibraryTestCase {
    func testAHEICsAndAnAVIFsDateTakenIsReadFromTheirExifItem() throws {
        for file in try DatedPhotos.heicAndAVIF(in: folder.url, clock: "2021:03:04 05:06:07", offset: "-05:00") {
            let name = file.lastPathComponent
            XCTAssertEqual(try ExifTool.run(["-s3", "-DateTimeOriginal", "-OffsetTimeOriginal", file.path]),
                           "2021:03:04 05:06:07\n-05:00\n", "exiftool's reading of \(name)")
            guard case .success(let opened) = OpenFile.open(file.path) else { return XCTFail("\(name) did not open") }
            let taken = try XCTUnwrap(try PhotoFacts.read(from: opened.descriptor, path: file.path, name: name).taken, name)
            XCTAssertEqual(taken.clock, Date(timeIntervalSince1970: 1_614_834_367), name)
            XCTAssertEqual(taken.offsetMinutes, -300, name)
            XCTAssertEqual(taken.instant, Date(timeIntervalSince1970: 1_614_852_367), name)
        }
    }

    func testPhotosSortByTheMomentNotByTheClock() throws {
        // 14:00 in Helsinki is 11:00 UTC, an hour before noon in Reykjavik, though its clock reads later.
        let helsinki = try candidate(try DatedPhotos.jpeg(named: "helsinki.jpg", in: folder.url, clock: "2022:08:14 14:00:00", offset: "+03:00"))
        let reykjavik = try candidate(try DatedPhotos.jpeg(named: "reykjavik.jpg", in: folder.url, clock: "2022:08:14 12:00:00", offset: "+00:00"))
        XCTAssertGreaterThan(helsinki.taken.clock, reykjavik.taken.clock)
        let library = try Library(directory: directory)
        var ids: [Int64] = []
        for candidate in [helsinki, reykjavik] {
            guard case .added(let photo) = try library.add(candidate, label: try Label("")) else { return XCTFail("not added") }
            ids.append(photo.id)
        }
        XCTAssertEqual(try library.photoIDs(in: .takenNewestFirst), [ids[1], ids[0]])
        XCTAssertEqual(try library.photoIDs(in: .takenOldestFirst), [ids[0], ids[1]])
        XCTAssertEqual(try library.photos().map(\.taken.instant), [Date(timeIntervalSince1970: 1_660_474_800),
                                                                  Date(timeIntervalSince1970: 1_660_478_400)])
    }

    func testASidecarsDateTakenKeepsItsClockAndOffsetAndAnOlderMomentReadsAsItsClockHere() throws {
        let helsinki = try XCTUnwrap(Sidecar.taken(from: "2022-08-14T14:12:31.000+03:00"))
        XCTAssertEqual([helsinki.clock, helsinki.instant], [Date(timeIntervalSince1970: 1_660_486_351), Date(timeIntervalSince1970: 1_660_475_551)])
        XCTAssertEqual(helsinki.offsetMinutes, 180)
        XCTAssertEqual(Sidecar.text(taken: helsinki), "2022-08-14T14:12:31.000+03:00")
        let zero = try XCTUnwrap(Sidecar.taken(from: "2022-08-14T14:12:31.000+00:00"))
        XCTAssertEqual(Sidecar.text(taken: zero), "2022-08-14T14:12:31.000+00:00", "a zero offset is no moment in UTC")
        let clock = try XCTUnwrap(Sidecar.taken(from: "2022-08-14T14:12:31.000"))
        XCTAssertEqual(clock.clock, helsinki.clock)
        XCTAssertNil(clock.offsetMinutes)
        XCTAssertEqual(Sidecar.text(taken: clock), "2022-08-14T14:12:31.000")
        // An older Snapshelf's moment in UTC is the clock this computer's zone shows for it.
        let older = try XCTUnwrap(Sidecar.taken(from: "2022-08-14T11:12:31.000Z"))
        XCTAssertEqual(older.instant, helsinki.instant)
        XCTAssertNil(older.offsetMinutes)
        let shift = TimeInterval(TimeZone.current.secondsFromGMT(for: helsinki.instant))
        XCTAssertEqual(older.clock, helsinki.instant.addingTimeInterval(shift))
    }
}
