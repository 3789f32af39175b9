// A photo's date taken shows as its camera's clock showed it, whatever zone the computer is in: the
// Nokia's photo from 2:12 PM in a zone three hours east of UTC, imported in UTC and looked at in
// New York, says 2:12 PM in the tooltip, the viewer's header and the information panel, as
// Shotwell shows it. What the photo says is read with exiftool.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class CameraClockTests: AppTestCase, @unchecked Sendable {
    private static let nokia = SamplePhotos.jpeg("mobile/HMD_Nokia_8.3_5G.jpg")

    /// Puts the whole process in the zone, and back in its own when the test ends.
    private func moveTo(zone: String) {
        let former = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", zone, 1)
        tzset()
        NSTimeZone.resetSystemTimeZone()
        addTeardownBlock {
            if let former { setenv("TZ", former, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
    }

    /// exiftool's DateTimeOriginal as people read dates, its fields exactly as the camera wrote them.
    private func cameraClock(of photo: URL) throws -> String {
        let fields = try ExifTool.value("DateTimeOriginal", of: photo).split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        XCTAssertEqual(fields, [2022, 8, 14, 14, 12, 31])
        let utc = TimeZone(identifier: "UTC")!
        let components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: utc, year: fields[0], month: fields[1],
                                        day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        return try XCTUnwrap(components.date).formatted(Date.FormatStyle(date: .long, time: .shortened, timeZone: utc))
    }

    func testTheCamerasClockIsShownInAnotherZone() throws {
        moveTo(zone: "UTC")
        _ = try PhotoStore(directory: libraryDirectory).library.add(try PhotoCandidate(inspecting: Self.nokia, previewSize: 32),
                                                                    label: try Label("Harbour"))
        moveTo(zone: "America/New_York")
        let clock = try cameraClock(of: Self.nokia)
        XCTAssertTrue(clock.contains("2:12") || clock.contains("14:12"), clock)
        XCTAssertEqual(try ExifTool.value("OffsetTimeOriginal", of: Self.nokia), "+03:00")
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 1 }
            XCTAssertEqual(window.grid.boundTiles.first?.tooltipText, "Harbour\nTaken \(clock)")
            window.open(position: 0)
            XCTAssertEqual(window.header.takenText, "Taken \(clock)")
            g_action_group_activate_action(OpaquePointer(UnsafeMutableRawPointer(window.window.raw)), Command.info.rawValue, nil)
            try waitUntil { window.info.isShown && !window.info.rows.isEmpty }
            XCTAssertEqual(window.info.rows.first { $0.heading == "Date Taken" }?.value, "\(clock) (UTC+03:00)")
        }
    }
}
