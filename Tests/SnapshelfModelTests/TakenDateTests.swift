// Photos sorted by date taken follow the moment each was taken, from its camera's clock and that
// clock's offset from UTC, not the clock's reading alone.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class TakenDateTests: LibraryTestCase {
    /// A copy of a Canon photo whose camera says it was taken at `clock` ("2022:08:14 14:00:00"),
    /// with the offset when one is given, written by exiftool.
    private func photo(named name: String, clock: String, offset: String?) throws -> URL {
        let copy = folder.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: SamplePhotos.cameras[0], to: copy)
        try ExifTool.run(["-q", "-overwrite_original", "-DateTimeOriginal=\(clock)"] + (offset.map { ["-OffsetTimeOriginal=\($0)"] } ?? [])
                         + [copy.path])
        return copy
    }

    func testPhotosSortByTheMomentNotByTheClock() throws {
        // 14:00 in Helsinki is 11:00 UTC, an hour before noon in London, though its clock reads later.
        let helsinki = try candidate(try photo(named: "helsinki.jpg", clock: "2022:08:14 14:00:00", offset: "+03:00"))
        let london = try candidate(try photo(named: "london.jpg", clock: "2022:08:14 12:00:00", offset: "+00:00"))
        XCTAssertGreaterThan(helsinki.taken.clock, london.taken.clock)
        let library = try Library(directory: directory)
        var ids: [Int64] = []
        for candidate in [helsinki, london] {
            guard case .added(let photo) = try library.add(candidate, label: try Label("")) else { return XCTFail("not added") }
            ids.append(photo.id)
        }
        XCTAssertEqual(try library.photoIDs(in: .takenNewestFirst), [ids[1], ids[0]])
        XCTAssertEqual(try library.photoIDs(in: .takenOldestFirst), [ids[0], ids[1]])
        XCTAssertEqual(try library.photos().map(\.taken.instant), [Date(timeIntervalSince1970: 1_660_474_800),
                                                                  Date(timeIntervalSince1970: 1_660_478_400)])
    }
}
