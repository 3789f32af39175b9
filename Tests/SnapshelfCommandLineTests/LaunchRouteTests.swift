// Which program `snapshelf` becomes, told from its arguments alone: the window only for a command
// line that the full parse reads as the window's too, or refuses as the commands would; everything
// else to the commands, which hand a window's arguments over in turn.
import SnapshelfCommandLine
import SnapshelfPrograms
import XCTest

final class LaunchRouteTests: XCTestCase {
    private static let windows: [[String]] = [
        [], ["--library", "/photos"], ["--library=/photos"], ["/home/ana/a.jpg", "/home/ana/b.jpg"],
        ["--library", "/photos", "/home/ana/a.jpg"], ["./a.jpg", "--library=/photos"],
        // Refused by the full parse, which the window program reports as the commands would.
        ["--library="], ["--library", "--json"],
    ]
    private static let commands: [[String]] = [
        ["list"], ["--library", "/photos", "list"], ["list", "--library", "/photos"], ["--library"], ["--version"],
        ["--help"], ["-h"], ["help"], ["a.jpg"], ["--", "/home/ana/a.jpg"], ["/home/ana/a.jpg", "--json"],
        ["import", "/home/ana/a.jpg"], ["-", "/a"], ["--libraryx=/photos"], ["/photos", "list"],
    ]

    func testOnlyAWindowsArgumentsGoToTheWindow() {
        for arguments in Self.windows {
            XCTAssertEqual(LaunchRoute(arguments), .window, "\(arguments)")
        }
        for arguments in Self.commands {
            XCTAssertEqual(LaunchRoute(arguments), .commands, "\(arguments)")
        }
    }

    func testWhatGoesToTheWindowIsTheWindowsOrRefusedByTheFullParse() {
        for arguments in Self.windows {
            guard let invocation = try? Invocation.parse(arguments) else { continue }
            guard case .startGUI = invocation else {
                return XCTFail("\(arguments) went to the window, but the full parse reads \(invocation)")
            }
        }
    }
}
