// A photo's details are read from the library's copy through gexiv2 and must agree with what
// exiftool, which shares no code with it, reads from the same sample photos.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class PhotoDetailsTests: LibraryTestCase {
    /// exiftool's numeric reading (-n) of the tags the details hold, by tag name.
    private func exiftool(_ url: URL) throws -> [String: Any] {
        let output = try ExifTool.run(["-n", "-j", "-Make", "-Model", "-LensModel", "-ExposureTime", "-FNumber", "-ISO",
                                       "-FocalLength", "-GPSLatitude", "-GPSLongitude", url.path])
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return try XCTUnwrap(list.first)
    }

    private func imported(_ urls: [URL]) throws -> [Photo] {
        let library = try Library(directory: directory)
        return try urls.map { try library.add(candidate($0), label: Label("x")).photo }
    }

    private let samples = SamplePhotos.cameras + ["gps/DSCN0010.jpg", "hdr/iphone_hdr_YES.jpg", "tests/87_OSError.jpg"].map(SamplePhotos.jpeg)

    func testTheDetailsAgreeWithExiftool() throws {
        for photo in try imported(samples) {
            let details = PhotoDetails.read(photo)
            let tags = try exiftool(photo.fileURL)
            let name = photo.originalName
            XCTAssertNil(details.problem, name)
            XCTAssertEqual(details.photoID, photo.id)
            let size = try FileManager.default.attributesOfItem(atPath: photo.fileURL.path)[.size] as? NSNumber
            XCTAssertEqual(details.bytes, size?.intValue, name)
            let make = (tags["Make"] as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
            let model = (tags["Model"] as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
            XCTAssertTrue(details.camera?.hasSuffix(model) ?? model.isEmpty, "\(name): \(details.camera ?? "none")")
            // A word of the make is enough: "NIKON D70" rather than "NIKON CORPORATION NIKON D70",
            // and "KODAK CX7530…" rather than "EASTMAN KODAK COMPANY KODAK CX7530…", the name
            // `list --json` gives too; the make is never said twice.
            let brands = make.split(separator: " ").map { $0.lowercased() }
            let camera = details.camera?.lowercased() ?? ""
            XCTAssertTrue(brands.isEmpty || brands.contains { camera.contains($0) }, "\(name): \(camera)")
            XCTAssertFalse(brands.contains { $0.count >= 3 && camera.components(separatedBy: $0).count > 2 }, "\(name): \(camera)")
            // Nikon's maker note names the lens where the standard tag does not.
            let nikonLens = make.hasPrefix("NIKON") ? try ExifTool.value("Lens", of: photo.fileURL) : ""
            XCTAssertEqual(details.lens, (tags["LensModel"] as? String) ?? (nikonLens.isEmpty ? nil : nikonLens), name)
            let exposure = details.exposureTime.map { Double($0.numerator) / Double($0.denominator) }
            XCTAssertEqual(exposure.map { ($0 * 1e6).rounded() }, (tags["ExposureTime"] as? Double).map { ($0 * 1e6).rounded() }, name)
            XCTAssertEqual(details.fNumber.map { ($0 * 100).rounded() }, (tags["FNumber"] as? Double).map { ($0 * 100).rounded() }, name)
            XCTAssertEqual(details.iso, tags["ISO"] as? Int, name)
            XCTAssertEqual(details.focalLength.map { ($0 * 100).rounded() }, (tags["FocalLength"] as? Double).map { ($0 * 100).rounded() }, name)
            XCTAssertEqual(details.latitude.map { ($0 * 1e5).rounded() }, (tags["GPSLatitude"] as? Double).map { ($0 * 1e5).rounded() }, name)
            XCTAssertEqual(details.longitude.map { ($0 * 1e5).rounded() }, (tags["GPSLongitude"] as? Double).map { ($0 * 1e5).rounded() }, name)
        }
    }

    func testTheDetailsAreWrittenAsPeopleReadThem() throws {
        let photos = try imported([SamplePhotos.jpeg("Canon_40D.jpg"), SamplePhotos.jpeg("hdr/iphone_hdr_YES.jpg")])
        let canon = PhotoDetails.read(photos[0])
        // exiftool's own display of the same tags: "1/160", "7.1", "100", "135.0 mm".
        let shown = try ExifTool.run(["-s3", "-ExposureTime", "-FNumber", "-ISO", "-FocalLength", photos[0].fileURL.path])
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(canon.camera, "Canon EOS 40D", "the make is not said twice")
        XCTAssertEqual(canon.shutterText, shown[0] + " s")
        XCTAssertEqual(canon.apertureText, "f/" + shown[1])
        XCTAssertEqual(canon.isoText, "ISO " + shown[2])
        XCTAssertEqual(canon.focalLengthText, shown[3].replacingOccurrences(of: ".0 mm", with: " mm"))
        XCTAssertEqual(canon.exposureText, "1/160 s, f/7.1, ISO 100, 135 mm")
        XCTAssertNil(canon.positionText)

        let phone = PhotoDetails.read(photos[1])
        XCTAssertEqual(phone.positionText, "40.4470°N 3.7248°W", "south and west are written, not signed")
        XCTAssertEqual(phone.camera, "Apple iPhone 6")
    }

    /// In French, as `LC_ALL=fr_FR.UTF-8` asks, dates, times and numbers are French ones.
    func testDatesAndNumbersFollowTheLocaleTheEnvironmentNames() throws {
        // The C library's own check, which honours LOCPATH; `locale -a` lists the same system locales.
        guard let french = newlocale(LC_TIME_MASK | LC_NUMERIC_MASK, "fr_FR.UTF-8", nil) else {
            throw XCTSkip("the fr_FR.UTF-8 locale is not installed (`locale -a` does not list it); "
                          + "`localedef -i fr_FR -f UTF-8 fr_FR.UTF-8` installs it, or LOCPATH may name a folder that has it")
        }
        freelocale(french)
        let photos = try imported([SamplePhotos.jpeg("Canon_40D.jpg"), SamplePhotos.jpeg("hdr/iphone_hdr_YES.jpg")])
        let before = ProcessInfo.processInfo.environment["LC_ALL"]
        setenv("LC_ALL", "fr_FR.UTF-8", 1)
        defer { if let before { setenv("LC_ALL", before, 1) } else { unsetenv("LC_ALL") } }
        let taken = TakenDate(clock: Date(timeIntervalSince1970: 1_224_692_940), offsetMinutes: nil)
        XCTAssertEqual(PhotoDetails.date(taken), "22 octobre 2008 à 16:29")
        XCTAssertEqual(PhotoDetails.read(photos[0]).exposureText, "1/160 s, f/7,1, ISO 100, 135 mm")
        XCTAssertEqual(PhotoDetails.read(photos[1]).positionText, "40,4470°N 3,7248°W")
    }

    func testAMissingCopySaysSoAndDetailsAreReadOffTheMainThread() throws {
        let photos = try imported([SamplePhotos.jpeg("Canon_40D.jpg"), SamplePhotos.jpeg("Nikon_D70.jpg")])
        try FileManager.default.removeItem(at: photos[1].fileURL)
        let done = expectation(description: "read")
        nonisolated(unsafe) var read: [PhotoDetails] = []
        nonisolated(unsafe) var onMainThread = true
        XCTAssertTrue(Thread.isMainThread)
        PhotoDetails.read(photos) { details in
            read = details
            onMainThread = Thread.isMainThread
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertFalse(onMainThread)
        XCTAssertEqual(read.map(\.photoID), photos.map(\.id))
        XCTAssertEqual(read[0].camera, "Canon EOS 40D")
        XCTAssertNil(read[1].bytes)
        XCTAssertEqual(read[1].problem, .copyMissing)
        XCTAssertNil(read[1].camera)
    }
}
