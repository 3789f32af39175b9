// Where the library lives: the command-line flag, then the environment, then the XDG default.
import Foundation
import SnapshelfModel
import XCTest

final class LibraryLocationTests: XCTestCase {
    func testTheFlagWinsOverTheEnvironment() {
        let url = LibraryLocation.resolve(explicit: "/srv/photos", environment: ["SNAPSHELF_LIBRARY": "/env", "HOME": "/home/a"])
        XCTAssertEqual(url.path, "/srv/photos")
    }

    func testTheEnvironmentVariableWinsOverTheDataHome() {
        let url = LibraryLocation.resolve(explicit: nil, environment: ["SNAPSHELF_LIBRARY": "/env", "XDG_DATA_HOME": "/data"])
        XCTAssertEqual(url.path, "/env")
    }

    func testTheDefaultIsInTheDataHome() {
        XCTAssertEqual(LibraryLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]).path,
                       "/data/snapshelf")
        XCTAssertEqual(LibraryLocation.resolve(explicit: nil, environment: ["HOME": "/home/a"]).path,
                       "/home/a/.local/share/snapshelf")
        // The XDG spec says a relative XDG_DATA_HOME is to be ignored.
        XCTAssertEqual(LibraryLocation.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/a"]).path,
                       "/home/a/.local/share/snapshelf")
    }

    func testOnlyALibraryNobodyChoseIsTheDefault() {
        XCTAssertTrue(LibraryLocation.isDefault(explicit: nil, environment: ["HOME": "/home/a"]))
        XCTAssertTrue(LibraryLocation.isDefault(explicit: "", environment: ["SNAPSHELF_LIBRARY": ""]))
        XCTAssertFalse(LibraryLocation.isDefault(explicit: "/srv/photos", environment: [:]))
        XCTAssertFalse(LibraryLocation.isDefault(explicit: nil, environment: ["SNAPSHELF_LIBRARY": "/env"]))
    }

    func testATildeMeansHome() {
        XCTAssertEqual(LibraryLocation.resolve(explicit: "~/Pictures/lib", environment: ["HOME": "/home/a"]).path,
                       "/home/a/Pictures/lib")
    }
}
