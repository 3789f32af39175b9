// The photo information panel, the date taken in the viewer's header and the tiles' tooltips,
// the library's count over the grid and both directions of sorting by date taken, in the real
// window. What a photo's metadata says is read with exiftool, not written down here.
import CGtk
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest
@testable import SnapshelfGlue
@testable import SnapshelfUI

final class PhotoInformationTests: AppTestCase, @unchecked Sendable {
    /// Runs what the application binds to the keys, as pressing them does.
    @MainActor
    private func press(_ accelerator: String, in window: LibraryWindow) throws {
        let app = try XCTUnwrap(applications.last).application
        let actions = try XCTUnwrap(gtk_application_get_actions_for_accel(app.typed(), accelerator), "nothing on \(accelerator)")
        defer { g_strfreev(actions) }
        let action = try XCTUnwrap(actions[0].map { String(cString: $0) })
        XCTAssertEqual(action, Command.info.detailedName)
        let group = OpaquePointer(UnsafeMutableRawPointer(window.window.raw))
        XCTAssertNotEqual(g_action_group_get_action_enabled(group, Command.info.rawValue), 0, "\(action) is disabled")
        g_action_group_activate_action(group, Command.info.rawValue, nil)
    }

    /// exiftool's date taken for the photo, as the window writes dates.
    private func dateTaken(of url: URL) throws -> String {
        let text = try ExifTool.value("DateTimeOriginal", of: url)
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        XCTAssertEqual(fields.count, 6, text)
        let components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: .current, year: fields[0],
                                        month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        return try XCTUnwrap(components.date).formatted(date: .long, time: .shortened)
    }

    func testAltEnterShowsTheCanon40DsDateTakenCameraAndExposure() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        let canon = SamplePhotos.jpeg("Canon_40D.jpg")
        let shown = try ExifTool.run(["-s3", "-Model", "-ExposureTime", "-FNumber", "-ISO", canon.path])
            .split(separator: "\n").map(String.init)
        let taken = try dateTaken(of: canon)
        try onMain {
            let window = try launch()
            let position = try XCTUnwrap((0..<window.store.count).first { window.store.photo(at: $0)?.originalName == "Canon_40D.jpg" })
            window.open(position: position)
            XCTAssertFalse(window.info.isShown)
            try press("<Alt>Return", in: window)
            XCTAssertTrue(window.info.isShown)
            try waitUntil("the metadata never came") { window.info.rows.contains { $0.heading == "Camera" } }
            let texts = labelTexts(in: window.info.root)
            for expected in [taken, shown[0], "\(shown[1]) s", "f/\(shown[2])", "ISO \(shown[3])", "Lake", "Canon_40D.jpg"] {
                XCTAssertTrue(texts.contains { $0.contains(expected) }, "“\(expected)” not shown in \(texts)")
            }
            XCTAssertEqual(window.header.takenText, "Taken \(taken)", "the viewer's header says when it was taken")

            // The panel follows the viewer, and the header's Info button hides it again.
            window.viewer.step(by: position == 0 ? 1 : -1)
            try waitUntil { window.info.rows.first?.value == "Hill" }
            let button = try XCTUnwrap(tree(of: window.header.root).first {
                $0.typeName == "GtkButton" && gtk_actionable_get_action_name(OpaquePointer($0.raw)).map { String(cString: $0) } == "win.info"
            })
            XCTAssertTrue(button.isVisible)
            XCTAssertNotEqual(click(button), 0)
            XCTAssertFalse(window.info.isShown)
            window.closeViewer()
            XCTAssertFalse(button.isVisible, "Info is in the header only while viewing")
        }
    }

    func testThePanelSumsUpTheSelectionInTheGrid() throws {
        try makeLibrary(labels: ["Lake", "Hill", "Dawn"])
        try onMain {
            let window = try launch()
            window.grid.select(positions: [0])
            try press("<Alt>Return", in: window)
            let first = try XCTUnwrap(window.store.photo(at: 0))
            try waitUntil { window.info.rows.contains { $0.heading == "Camera" } }
            XCTAssertEqual(window.info.rows.first, PhotoInformation.Row(heading: "Label", value: first.label))
            // A new label, given by another connection, shows once the window picks it up.
            _ = try Library(directory: libraryDirectory).relabel(photoWithID: first.id, as: try Label("Lake at dawn"))
            try waitUntil("the panel kept the old label") { window.info.rows.first?.value == "Lake at dawn" }

            window.grid.select(positions: [0, 2])
            try waitUntil("the total size never came") { window.info.rows.contains { $0.heading == "Total Size" } }
            let photos = [first, try XCTUnwrap(window.store.photo(at: 2))]
            let bytes = try photos.map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0.fileURL.path)[.size] as? Int) }
            let total = String(cString: g_format_size(guint64(bytes.reduce(0, +))))
            XCTAssertEqual(window.info.rows.first, PhotoInformation.Row(heading: "Selected", value: "2 photos"))
            XCTAssertTrue(labelTexts(in: window.info.root).contains(total), "\(total) not in \(labelTexts(in: window.info.root))")
            XCTAssertFalse(window.info.rows.contains { $0.heading == "Camera" }, "two cameras are not one they share")

            window.grid.select(positions: [])
            try waitUntil { window.info.rows.isEmpty }
            XCTAssertTrue(labelTexts(in: window.info.root).contains("No photos selected"))
        }
    }

    func testTheTooltipAndTheHeaderSayWhenAndHowMany() throws {
        try makeLibrary(labels: ["Lake", "Hill"])
        let taken = try dateTaken(of: SamplePhotos.jpeg("Canon_40D.jpg"))
        try onMain {
            let window = try launch()
            try waitUntil { window.grid.boundTiles.count == 2 }
            let tile = try XCTUnwrap(window.grid.boundTiles.first { $0.photo?.originalName == "Canon_40D.jpg" })
            XCTAssertEqual(tile.tooltipText, "Lake\nTaken \(taken)")

            XCTAssertEqual(window.header.subtitleText, "2 photos", "the library's count over the grid")
            window.grid.select(positions: [1])
            XCTAssertEqual(window.header.subtitleText, "1 photo selected")
            window.grid.select(positions: [])
            window.search.search(for: "lake")
            try waitUntil { window.store.count == 1 }
            XCTAssertEqual(window.header.subtitleText, "2 photos", "the search bar counts the matches, the header the library")
            window.search.close()

            // A photo added by another connection is counted once the window picks it up.
            let library = try Library(directory: libraryDirectory)
            _ = try library.add(try PhotoCandidate(inspecting: SamplePhotos.cameras[2], previewSize: 32), label: try Label("Dawn"))
            try waitUntil("the count never followed") { window.header.subtitleText == "3 photos" }
        }
    }

    func testTheMainMenuSortsByDateTakenBothWaysAndTheContextMenuOffersInformation() {
        onMain {
            let targets = attributes("target", in: WindowMenus.main())
            XCTAssertEqual(targets, PhotoOrder.allCases.map(\.rawValue))
            XCTAssertTrue(targets.contains("taken-oldest"))
            let photoActions = attributes("action", in: WindowMenus.photo(viewing: true))
            for command in [Command.info, .rotateClockwise, .rotateCounterclockwise, .editLabel, .remove] {
                XCTAssertTrue(photoActions.contains(command.detailedName), "the photo menu has no \(command)")
            }
        }
    }
}
