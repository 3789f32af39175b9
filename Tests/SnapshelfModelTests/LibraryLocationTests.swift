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

    func testEachLibraryIsAnInstanceOfItsOwnButThePersonsOwnKeepsTheApplicationsID() throws {
        let environment = ["HOME": "/home/a"]
        XCTAssertNil(LibraryLocation.instanceName(of: URL(fileURLWithPath: "/home/a/.local/share/snapshelf"), environment: environment))
        XCTAssertNil(LibraryLocation.instanceName(of: URL(fileURLWithPath: "/home/a/.local/share/snapshelf"),
                                                  environment: environment.merging(["SNAPSHELF_LIBRARY": "/env"]) { $1 }))
        let photos = try XCTUnwrap(LibraryLocation.instanceName(of: URL(fileURLWithPath: "/srv/photos"), environment: environment))
        let other = try XCTUnwrap(LibraryLocation.instanceName(of: URL(fileURLWithPath: "/srv/other"), environment: environment))
        XCTAssertNotEqual(photos, other)
        XCTAssertEqual(LibraryLocation.instanceName(of: URL(fileURLWithPath: "/srv/photos"), environment: [:]), photos)
        // An element of a D-Bus name: letters, digits and _, not starting with a digit.
        XCTAssertNotNil(photos.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/))
    }

    func testATildeMeansHome() {
        XCTAssertEqual(LibraryLocation.resolve(explicit: "~/Pictures/lib", environment: ["HOME": "/home/a"]).path,
                       "/home/a/Pictures/lib")
    }
}
