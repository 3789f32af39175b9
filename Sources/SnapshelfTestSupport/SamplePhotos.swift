// The shared sample photos every test reads, from ../shared/testdata/photos beside the project.
import Foundation
import XCTest

public enum SamplePhotos {
    /// The photos folder, which may be missing on a machine the tests were copied to;
    /// SNAPSHELF_TESTDATA names another, as for a clone the benchmark times the suite in.
    public static let directory: URL = {
        if let chosen = ProcessInfo.processInfo.environment["SNAPSHELF_TESTDATA"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        let projectRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return projectRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/photos")
    }()

    public static var arePresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// Skips the test, saying what is missing, when the photos are not there: the tests that read
    /// them are skipped rather than aborting the run or passing vacuously.
    public static func requirePresent() throws {
        guard arePresent else {
            throw XCTSkip("the sample photos are missing: ../shared/testdata/photos (looked for at \(directory.path))")
        }
    }

    public static func jpeg(_ relativePath: String) -> URL {
        directory.appendingPathComponent("jpg").appendingPathComponent(relativePath)
    }

    /// The same landscape picture stored with EXIF orientation 1 to 8.
    public static func landscape(orientation: Int) -> URL { jpeg("orientation/landscape_\(orientation).jpg") }

    /// The same portrait picture stored with EXIF orientation 1 to 8.
    public static func portrait(orientation: Int) -> URL { jpeg("orientation/portrait_\(orientation).jpg") }

    /// Small, distinct, valid JPEGs from several cameras.
    public static let cameras: [URL] = [
        "Canon_40D.jpg", "Nikon_D70.jpg", "Pentax_K10D.jpg", "Kodak_CX7530.jpg",
        "Olympus_C8080WZ.jpg", "Sony_HDR-HC3.jpg", "Panasonic_DMC-FZ30.jpg", "Ricoh_Caplio_RR330.jpg",
    ].map(jpeg)

    /// A folder "trip" in `parent` holding copies of the first camera photos and a README, as a
    /// person's folder of photos often does.
    public static func folderWithAReadme(in parent: URL, photos count: Int) throws -> URL {
        let trip = parent.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        for photo in cameras.prefix(count) {
            try FileManager.default.copyItem(at: photo, to: trip.appendingPathComponent(photo.lastPathComponent))
        }
        try Data("Photos from the trip.\n".utf8).write(to: trip.appendingPathComponent("README"))
        return trip
    }
}
