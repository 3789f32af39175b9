// The slideshow (F5): full screen, from the selected photo or the viewer's, on at the pace kept in
// Preferences and round from the last photo to the first; + gives each photo more time and − less
// (keys, buttons and the text shown agree), it waits while the window is hidden, and Escape goes
// back to where it started: the grid, with the photo where it stopped selected and focused, or
// the viewer in its window.
import CGtk
import Foundation
import SnapshelfGlue
import SnapshelfModel
import XCTest
@testable import SnapshelfUI

final class SlideshowTests: AppTestCase, @unchecked Sendable {
    /// The slideshow stopped, out of full screen, with the header back.
    @MainActor
    private func assertPresentationEnded(in window: LibraryWindow, line: UInt = #line) {
        XCTAssertFalse(window.presentation.slideshow.isRunning, line: line)
        XCTAssertFalse(window.presentation.fullScreen.isActive, line: line)
        XCTAssertTrue(window.header.root.isVisible, line: line)
    }

    func testF5GoesOnAtItsPaceFromTheSelectionAndEscapeSelectsWhereItStopped() throws {
        try makeLibrary(labels: ["one", "two", "three"])
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 3 }
            window.preferences.setSlideshowSeconds(1)
            window.grid.select(positions: [1])
            window.window.activateAction(Command.slideshow.detailedName)
            XCTAssertTrue(window.isViewing)
            XCTAssertEqual(window.viewer.position, 1)
            XCTAssertTrue(window.presentation.slideshow.isRunning)
            XCTAssertTrue(window.presentation.fullScreen.isActive)
            XCTAssertFalse(window.header.root.isVisible)
            XCTAssertEqual(window.presentation.slideshow.paceText, "1 second per photo")

            let started = Date()
            try waitUntil("the slideshow never went on", timeout: 3) { window.viewer.position == 2 }
            XCTAssertGreaterThan(Date().timeIntervalSince(started), 0.8, "faster than its pace")
            try waitUntil("the slideshow did not go round to the first photo", timeout: 3) { window.viewer.position == 0 }

            XCTAssertTrue(pressEscape(in: window.window))
            XCTAssertFalse(window.isViewing, "Escape did not leave the slideshow for the grid")
            assertPresentationEnded(in: window)
            XCTAssertEqual(window.grid.selectedPositions, [0])
            try waitUntil("the focus is not on the photo the slideshow stopped at") { window.grid.focusedPosition == 0 }
            // Past the tick a slideshow of a second still running would make.
            try waitPast(.seconds(1))
            XCTAssertFalse(window.isViewing, "the stopped slideshow still runs")
        }
    }

    func testPlusGivesEachPhotoMoreTimeAndMinusLessAndTheTimeIsRemembered() throws {
        try makeLibrary(labels: ["one", "two"])
        try onMain {
            let window = try launch()
            let slideshow = window.presentation.slideshow
            XCTAssertTrue(press(GDK_KEY_plus, in: window.window))
            XCTAssertEqual(window.preferences.slideshowSeconds, Slideshow.defaultPace, "+ changed the pace with no slideshow")
            // Nothing is selected: it starts at the first photo.
            window.window.activateAction(Command.slideshow.detailedName)
            XCTAssertEqual(window.viewer.position, 0)
            XCTAssertEqual(slideshow.paceText, "5 seconds per photo")
            XCTAssertTrue(press(GDK_KEY_plus, in: window.window))
            XCTAssertEqual(slideshow.paceText, "8 seconds per photo", "+ did not give each photo more time")
            XCTAssertEqual(window.preferences.slideshowSeconds, 8)
            for _ in 0..<3 {
                XCTAssertTrue(press(GDK_KEY_minus, in: window.window))
            }
            XCTAssertEqual(slideshow.paceText, "2 seconds per photo", "− did not give each photo less time")
            XCTAssertEqual(Preferences(keyFile: Preferences.defaultFile()).slideshowSeconds, 2)
            // The buttons on screen say the same as the keys: − then +.
            let buttons = tree(of: window.viewer.root).filter { $0.hasStyleClass("circular") && $0.hasStyleClass("flat") }
            XCTAssertEqual(buttons.compactMap(\.tooltipText), ["Less Time per Photo", "More Time per Photo"])
        }
    }

    func testEscapeLeavesASlideshowStartedInTheViewerForTheViewerAtWhereItStopped() throws {
        try makeLibrary(labels: ["one", "two", "three"])
        try onMain {
            let window = try launchSlideshowOfASecond(inTheViewerAt: 1)
            try waitUntil("the slideshow never went on", timeout: 3) { window.viewer.position == 2 }
            XCTAssertTrue(pressEscape(in: window.window))
            XCTAssertTrue(window.isViewing, "Escape left a slideshow started in the viewer for the grid")
            assertPresentationEnded(in: window)
            XCTAssertEqual(window.viewer.position, 2)
            XCTAssertTrue(pressEscape(in: window.window))
            XCTAssertFalse(window.isViewing)
        }
    }

    func testTheSlideshowWaitsWhileTheWindowIsHiddenAndStartsAtTheViewersPhoto() throws {
        try makeLibrary(labels: ["one", "two", "three"])
        try onMain {
            let window = try launchSlideshowOfASecond(inTheViewerAt: 2)
            XCTAssertEqual(window.viewer.position, 2)
            window.window.isVisible = false
            // Past two ticks of the slideshow's second.
            try waitPast(.seconds(2))
            XCTAssertEqual(window.viewer.position, 2, "the slideshow went on in a hidden window")
            window.present()
            try waitUntil("the slideshow did not go on once the window was back", timeout: 4) { window.viewer.position == 0 }
        }
    }

    /// The window, with a slideshow of a second per photo started in the viewer at `position`.
    @MainActor
    private func launchSlideshowOfASecond(inTheViewerAt position: Int) throws -> LibraryWindow {
        let window = try launch()
        window.preferences.setSlideshowSeconds(1)
        window.open(position: position)
        window.window.activateAction(Command.slideshow.detailedName)
        return window
    }
}
