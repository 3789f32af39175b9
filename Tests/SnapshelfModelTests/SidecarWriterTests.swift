// What the sidecar writer carries forward from the sidecar it replaces, which no row holds: when
// the label last changed, each computer's turns and the labels that lost a merge; and `check`,
// which takes another computer's photo ID in a sidecar for what it is. exiftool reads the sidecars.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarWriterTests: SidecarTestCase {
    private func value(_ tag: String) throws -> String {
        try ExifTool.value("XMP-snapshelf:\(tag)", of: sidecarURL)
    }

    func testTheLabelsTimeStaysWhenOnlyTheRotationChangesAndTheHistoryStaysOnARelabel() throws {
        let machine = try self.machine
        _ = try library.relabel(photoWithID: photo.id, as: try Label("beach"))
        let changed = try value("LabelChanged")
        XCTAssertEqual(try value("Machine"), machine)
        // Every change from here on comes at a later millisecond, where a new time would show.
        waitForTheClock(toPass: try Sidecar(reading: sidecarURL).labelChangedMilliseconds)
        _ = try library.rotate(photosWithIDs: [photo.id], by: 90)
        XCTAssertEqual(try value("LabelChanged"), changed, "the label did not change")
        XCTAssertEqual(try value("Turns"), "\(machine):1:90")
        _ = try library.rotate(photosWithIDs: [photo.id], by: 90)
        XCTAssertEqual(try value("Turns"), "\(machine):2:180")

        // A history from a merge stays through the next relabel, which gives the label a new time
        // and adds the label it replaced.
        var merged = try Sidecar(reading: sidecarURL)
        merged.history = SidecarHistory(entries: [SidecarHistory.Entry(label: "lost | \\ label", changedMilliseconds: 1_800_000_000_000, machine: "c3")])
        try merged.write(to: sidecarURL, through: folder.url)
        _ = try library.relabel(photoWithID: photo.id, as: try Label("dunes"))
        XCTAssertNotEqual(try value("LabelChanged"), changed)
        let history = try value("History")
        XCTAssertTrue(history.hasPrefix("2027-01-15T08:00:00.000Z c3 lost \\| \\\\ label | "), history)
        XCTAssertTrue(history.hasSuffix(" \(machine) beach"), history)
        XCTAssertEqual(try Sidecar(reading: sidecarURL).history.entries.map(\.label), ["lost | \\ label", "beach"])
        XCTAssertEqual(try value("Turns"), "\(machine):2:180")
        XCTAssertEqual(try library.check(), [], "none of it makes the sidecar disagree")
    }

    /// Waits until the clock, read to the millisecond as the sidecar writer reads it, is past
    /// `milliseconds`, the time a sidecar gives its label.
    func testTheHistoryKeepsTheNewestEntriesAndReadsBackWhatItWrote() {
        let entries = (0..<30).map { SidecarHistory.Entry(label: "label \($0) | \\", changedMilliseconds: Int64($0) * 1000, machine: $0 == 3 ? "" : "m\($0)") }
        let history = SidecarHistory(entries: entries)
        XCTAssertEqual(history.entries.count, SidecarHistory.maximumEntries)
        XCTAssertEqual(history.entries.first?.label, "label 29 | \\")
        XCTAssertEqual(SidecarHistory(text: history.text), history)
        XCTAssertEqual(SidecarHistory(entries: [entries[3]]).text, "1970-01-01T00:00:03.000Z - label 3 \\| \\\\")
        XCTAssertEqual(SidecarHistory(text: "nonsense | 1970-01-01T00:00:01.000Z m1 kept").entries, [SidecarHistory.Entry(label: "kept", changedMilliseconds: 1000, machine: "m1")])
    }

    func testCheckTakesAnotherComputersPhotoIDForWhatItIs() throws {
        let machine = try self.machine
        var sidecar = try Sidecar(reading: sidecarURL)
        sidecar.id = photo.id + 100
        for (writer, isProblem) in [("b0b", false), (machine, true)] {
            sidecar.machine = writer
            try sidecar.write(to: sidecarURL, through: folder.url)
            let problems = try library.check()
            XCTAssertEqual(problems.contains { $0.sidecarOwner == photo.id + 100 }, isProblem, "\(writer): \(problems)")
            XCTAssertEqual(problems.count, isProblem ? 1 : 0, "\(problems)")
        }
        sidecar.machine = nil
        try sidecar.write(to: sidecarURL, through: folder.url)
        XCTAssertEqual(try library.check().count, 1, "a sidecar from before computers were named")
    }
}
