// The window keeps the size it is given, down to a narrow 400 points: nothing inside asks for more
// (the header, the search bar, the notices, a tile), and showing the information panel takes its
// room from the photos rather than widening the window. A size remembered from a larger screen
// or scale opens within the monitor.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class WindowSizeTests: AppTestCase, @unchecked Sendable {
    /// The window's width once it has settled after a change.
    @MainActor
    private func settledWidth(of window: LibraryWindow) throws -> Int {
        try waitUntilSettled(window.window)
        return window.window.width
    }

    func testA400PointWindowStays400WideWithTheInformationPanel() throws {
        try makeLibrary(labels: ["a photo with a label long enough to need more room than a narrow window has"])
        try onMain {
            let window = try launch()
            // The window's frame (its border and shadows) is the part of the size given that the
            // window's own width does not count: the same whatever the size.
            window.window.defaultSize = (1000, 700)
            try waitUntil { window.window.width > 900 }
            let frame = try 1000 - settledWidth(of: window)
            window.window.defaultSize = (400, 600)
            try waitUntil("the window never narrowed: \(window.window.width)") { window.window.width < 900 }
            XCTAssertEqual(try settledWidth(of: window) + frame, 400)
            window.grid.select(positions: [0])
            XCTAssertEqual(try settledWidth(of: window) + frame, 400, "selecting a photo widened the window")
            window.window.activateAction(Command.info.detailedName)
            XCTAssertTrue(window.info.isShown)
            XCTAssertEqual(try settledWidth(of: window) + frame, 400, "the information panel widened the window")
            window.search.open()
            window.notification.show("A notice as long as the ones that say which file could not be imported and why")
            XCTAssertEqual(try settledWidth(of: window) + frame, 400, "the search bar or a notice widened the window")
            // The notice's toast, as drawn, stands clear of the window's edges.
            let drawn = try shownToast(in: window).bounds
            XCTAssertTrue(drawn.x >= 12 && drawn.x + drawn.width + 12 <= Double(window.window.width),
                          "the notice, at \(drawn.x)…\(drawn.x + drawn.width), is not within the window's \(window.window.width)")
            window.open(position: 0)
            XCTAssertEqual(try settledWidth(of: window) + frame, 400, "the viewer widened the window")
        }
    }

    /// With GDK_SCALE=2 a window saved at 1000 by 700 reopened larger than the screen, which is
    /// then 640 by 400 in the pixels windows are sized in. Xvfb's 1280 by 800 stands for it here.
    func testASizeLargerThanTheMonitorOpensWithinIt() throws {
        try onMain {
            let window = try launch()
            window.window.defaultSize = (3000, 2000)
            try waitUntilSettled(window.window)
            window.window.destroy()
            try waitForIdleWork()
            let monitor = try XCTUnwrap(Display.monitorSize)
            XCTAssertEqual([monitor.width, monitor.height], [1280, 800], "Xvfb's screen, as the runner starts it")
            let again = try launch()
            XCTAssertEqual([again.window.defaultSize.width, again.window.defaultSize.height], [1152, 720])
        }
    }
}
