// Merging the conflict copies Syncthing leaves when two computers changed one photo's sidecar while
// apart, made here by hand under Syncthing's naming, "another computer" being sidecars written as
// it would write them: the label changed later wins and the other stays in the history, rotations
// merge as each computer's turns, and what cannot be merged is left for `check`. exiftool reads
// what was written, independently of Exiv2.
@testable import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class SidecarConflictTests: SidecarTestCase {
    private static let other = "b0b"

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Given by this computer, so its sidecar names it.
        _ = try library.relabel(photoWithID: photo.id, as: try Label("first"))
    }

    /// Where Syncthing puts a conflict copy of the photo's sidecar, told apart by `tag`.
    private func conflictURL(_ tag: String = "ABCDEFG", second: Int = 0) -> URL {
        photo.fileURL.appendingPathExtension("sync-conflict-20261201-12000\(second)-\(tag).xmp")
    }

    /// The sidecar as another computer would have written it from this one's, with `label` given then.
    private func othersSidecar(label: String, changed: Int64) throws -> Sidecar {
        var sidecar = try Sidecar(reading: sidecarURL)
        (sidecar.label, sidecar.labelChangedMilliseconds, sidecar.machine, sidecar.id) = (label, changed, Self.other, 7)
        return sidecar
    }

    private func write(_ sidecar: Sidecar, to url: URL) throws {
        try sidecar.write(to: url, through: folder.url)
    }

    private func resolve() throws -> SidecarConflict.Report {
        try library.files.exclusively(or: \.libraryError) { () throws(LibraryError) in
            SidecarConflict.resolveAll(in: library.files, machine: try library.database.machineName())
        }
    }

    func testTheLabelChangedLaterWinsAndTheOtherIsKeptInTheHistory() throws {
        let mine = try Sidecar(reading: sidecarURL)
        XCTAssertEqual(mine.machine, try machine)
        try write(try othersSidecar(label: "second | with a bar \\", changed: mine.labelChangedMilliseconds + 1000), to: conflictURL())
        let report = try resolve()
        XCTAssertEqual(report.rewritten, [sidecarURL.lastPathComponent])
        XCTAssertEqual(report.unmerged, [])
        XCTAssertEqual(report.notes, ["the labels “first” (this computer) and “second | with a bar \\” (another computer) of “Canon_40D.jpg” were given while the computers were apart; “second | with a bar \\” has the later time by their clocks and is kept; “first” is kept in its history"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: conflictURL().path), "the conflict copy is gone")
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "second | with a bar \\")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Machine", of: sidecarURL), Self.other, "the winner's, with its ID")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:PhotoID", of: sidecarURL), "7")
        let history = try ExifTool.value("XMP-snapshelf:History", of: sidecarURL)
        // "a", the label given on import, was there already: "first" replaced it.
        XCTAssertTrue(history.hasPrefix("\(Sidecar.text(milliseconds: mine.labelChangedMilliseconds)) \(try machine) first | "), history)
        XCTAssertEqual(try Sidecar(reading: sidecarURL).history.entries.map(\.label), ["first", "a"])

        // Now this computer's label is the later one: it stays, and the other's joins the history.
        let merged = try Sidecar(reading: sidecarURL)
        var mineAgain = merged
        (mineAgain.label, mineAgain.labelChangedMilliseconds, mineAgain.machine) = ("third", merged.labelChangedMilliseconds + 5, try machine)
        try write(mineAgain, to: sidecarURL)
        var older = merged
        older.label = "older"
        try write(older, to: conflictURL("BBBBBBB"))
        _ = try resolve()
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "third")
        XCTAssertEqual(try Sidecar(reading: sidecarURL).history.entries.map(\.label), ["older", "first", "a"], "newest first")
        XCTAssertTrue(try ExifTool.value("XMP-snapshelf:History", of: sidecarURL).contains(" first | "))
    }

    func testALabelGivenAfterSeeingTheOtherWinsWhateverTheClocksSay() throws {
        // The other computer's clock is a day ahead: its label, given first, carries the later time.
        let dayAhead = Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000
        let theirs = try othersSidecar(label: "theirs", changed: dayAhead)
        try write(theirs, to: sidecarURL)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        _ = try library.rescan()
        XCTAssertEqual(try library.photos().first?.label, "theirs")
        // Seen here, then changed here, by this computer's right clock; and Syncthing keeps the
        // other computer's sidecar as a conflict copy, as when the change crossed another.
        _ = try library.relabel(photoWithID: photo.id, as: try Label("mine, later"))
        XCTAssertLessThan(try Sidecar(reading: sidecarURL).labelChangedMilliseconds, dayAhead)
        try write(theirs, to: conflictURL())
        let report = try resolve()
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "mine, later", "the label given after the other's is kept")
        XCTAssertEqual(report.notes, ["the label “mine, later” (this computer) of “Canon_40D.jpg” was given after “theirs” (another computer) had reached that computer, so it is kept; “theirs” is kept in its history"])
        // Merged the other way round, as the other computer does, it is the same.
        var sides = [try Sidecar(reading: sidecarURL), theirs].map { SidecarMerge.Side(sidecar: $0, modifiedNanoseconds: 0) }
        XCTAssertEqual(SidecarMerge(sides[0], sides[1]).merged.sidecar.label, "mine, later")
        sides.reverse()
        XCTAssertEqual(SidecarMerge(sides[0], sides[1]).merged.sidecar.label, "mine, later")
    }

    func testTiesGoToTheLaterFileThenToTheLaterText() throws {
        let mine = try Sidecar(reading: sidecarURL)
        let changed = mine.labelChangedMilliseconds
        try write(try othersSidecar(label: "aaa", changed: changed), to: conflictURL())
        try setModified(conflictURL(), to: Date().addingTimeInterval(60))
        _ = try resolve()
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "aaa", "the copy's file is the later")
        XCTAssertEqual(try Sidecar(reading: sidecarURL).history.entries.map(\.label), ["first", "a"])

        let date = Date(timeIntervalSince1970: 1_800_000_000)
        try write(try othersSidecar(label: "zzz", changed: changed), to: conflictURL())
        try setModified(sidecarURL, to: date)
        try setModified(conflictURL(), to: date)
        _ = try resolve()
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "zzz", "the later text of the same time")
        XCTAssertEqual(Set(try Sidecar(reading: sidecarURL).history.entries.map(\.label)), ["aaa", "first", "a"])
    }

    private func setModified(_ url: URL, to date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    func testRotationsMergeAsTheTurnsEachComputerGave() throws {
        let before = try Sidecar(reading: sidecarURL)
        XCTAssertEqual(before.rotation, 0)
        // This computer turns a quarter; the other, apart, a half.
        _ = try library.rotate(photosWithIDs: [photo.id], by: 90)
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Turns", of: sidecarURL), "\(try machine):1:90")
        var theirs = before
        (theirs.turns, theirs.rotation, theirs.machine) = (before.turns.turned(by: Self.other, to: 180), 180, Self.other)
        try write(theirs, to: conflictURL())
        _ = try resolve()
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: sidecarURL), "270")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Turns", of: sidecarURL), ["\(try machine):1:90", "\(Self.other):1:180"].sorted().joined(separator: " "))

        // Its later turns, back to none, beat the ones this computer saw; this one's stay.
        let merged = try Sidecar(reading: sidecarURL)
        var later = merged
        (later.turns, later.rotation) = (merged.turns.turned(by: Self.other, to: 90), 90)
        try write(later, to: conflictURL())
        _ = try resolve()
        XCTAssertEqual(try Sidecar(reading: sidecarURL).rotation, 90)
        XCTAssertEqual(try Sidecar(reading: sidecarURL).turns.entries[Self.other], SidecarTurns.Entry(count: 2, degrees: 0))
    }

    func testASidecarWithoutTurnsCountsItsRotationAsTheBase() throws {
        let turns = SidecarTurns(text: nil, rotation: 270)
        XCTAssertEqual(turns.text, "base:0:270")
        XCTAssertEqual(turns.turned(by: "c3", to: 0).text, "base:0:270 c3:1:90")
        XCTAssertEqual(SidecarTurns(text: "x:1:90 nonsense", rotation: 180).text, "base:0:180", "text that cannot be read is none")
        XCTAssertEqual(SidecarTurns(text: "x:1:90", rotation: 180).text, "base:0:90 x:1:90", "what the turns miss is the base's")
    }

    func testSeveralConflictCopiesOfOneSidecarMergeInTurn() throws {
        let changed = try Sidecar(reading: sidecarURL).labelChangedMilliseconds
        try write(try othersSidecar(label: "second", changed: changed + 10), to: conflictURL("AAAAAAA", second: 1))
        try write(try othersSidecar(label: "third", changed: changed + 20), to: conflictURL("CCCCCCC", second: 2))
        let report = try resolve()
        XCTAssertEqual(report.rewritten, [sidecarURL.lastPathComponent])
        XCTAssertEqual(report.notes.count, 2)
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "third")
        XCTAssertEqual(try Sidecar(reading: sidecarURL).history.entries.map(\.label), ["second", "first", "a"])
        XCTAssertEqual(try conflictCopies(), [])
    }

    private func conflictCopies() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: photo.fileURL.deletingLastPathComponent().path)
            .filter(SidecarConflict.isConflictCopy).sorted()
    }

    func testAConflictCopyWithoutItsSidecarBecomesIt() throws {
        let changed = try Sidecar(reading: sidecarURL).labelChangedMilliseconds
        try write(try othersSidecar(label: "theirs", changed: changed), to: conflictURL())
        XCTAssertEqual(unlink(sidecarURL.path), 0)
        let report = try resolve()
        XCTAssertEqual(report.rewritten, [sidecarURL.lastPathComponent])
        XCTAssertEqual(report.notes, [])
        XCTAssertEqual(try ExifTool.title(of: sidecarURL), "theirs")
        XCTAssertEqual(try conflictCopies(), [])
    }

    func testWhatCannotBeMergedIsLeftAndCheckTellsIt() throws {
        // The same label, so the photo's row, which a rescan would read again, agrees with the merge.
        let changed = try Sidecar(reading: sidecarURL).labelChangedMilliseconds
        try write(try othersSidecar(label: "first", changed: changed + 1), to: conflictURL())
        XCTAssertEqual(try library.check().map { $0.conflictCopy?.path }, [conflictURL().path])
        XCTAssertEqual(try library.check().map { $0.conflictCopy?.unmerged }, [.some(nil)])
        try Data("not XMP".utf8).write(to: conflictURL("BROKEN1"))
        let fifo = conflictURL("FIFO123")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let report = try resolve()
        XCTAssertEqual(report.unmerged.map(\.name), [conflictURL("BROKEN1"), fifo].map(\.lastPathComponent))
        XCTAssertEqual(report.unmerged.last?.reason, .sidecarUnusable(Sidecar.Problem.notAFile.description))
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Machine", of: sidecarURL), Self.other, "the readable one merged all the same")
        XCTAssertEqual(try conflictCopies(), [conflictURL("BROKEN1"), fifo].map(\.lastPathComponent))
        let problems = try library.check()
        XCTAssertEqual(problems.count, 2, "\(problems)")
        for (problem, url) in zip(problems, [conflictURL("BROKEN1"), fifo]) {
            XCTAssertEqual(problem.conflictCopy?.path, url.path)
            XCTAssertNotNil(problem.conflictCopy?.unmerged, "\(problem)")
        }
    }

    func testNoCopyIsMergedIntoASidecarThatCannotBeRead() throws {
        try write(try othersSidecar(label: "theirs", changed: 1), to: conflictURL())
        try Data("damaged".utf8).write(to: sidecarURL)
        let report = try resolve()
        XCTAssertEqual(report.rewritten, [])
        XCTAssertEqual(report.unmerged.map(\.name), [conflictURL().lastPathComponent])
        guard case .sidecarUnreadable(let sidecar, _) = report.unmerged[0].reason else { return XCTFail("\(report.unmerged[0].reason)") }
        XCTAssertEqual(sidecar, sidecarURL.lastPathComponent)
        XCTAssertEqual(try Data(contentsOf: sidecarURL), Data("damaged".utf8), "what cannot be read is never written over")
        XCTAssertTrue(try library.check().contains { $0.conflictCopy?.path == conflictURL().path && $0.conflictCopy?.unmerged != nil })
    }

    func testAPhotoFilesConflictCopyGoesWhenItHoldsThePhotoAndStaysWhenItIsDamaged() throws {
        let name = photo.fileURL.lastPathComponent
        let stem = photo.fileURL.deletingPathExtension().path
        let same = URL(fileURLWithPath: stem + ".sync-conflict-20261201-120000-ABCDEFG." + photo.fileURL.pathExtension)
        let damaged = URL(fileURLWithPath: stem + ".sync-conflict-20261201-120001-ABCDEFG." + photo.fileURL.pathExtension)
        let link = URL(fileURLWithPath: stem + ".sync-conflict-20261201-120002-ABCDEFG." + photo.fileURL.pathExtension)
        XCTAssertEqual(SidecarConflict.baseName(of: same.lastPathComponent), name)
        try FileManager.default.copyItem(at: photo.fileURL, to: same)
        try Data(try Data(contentsOf: photo.fileURL).prefix(1000)).write(to: damaged)
        XCTAssertEqual(symlink(photo.fileURL.path, link.path), 0)
        let report = try resolve()
        XCTAssertEqual(report.unmerged.map(\.name), [damaged, link].map(\.lastPathComponent))
        XCTAssertEqual(report.unmerged.first?.reason, .otherContent)
        guard case .notOpened(.notRegular(let mode)) = report.unmerged.last?.reason else { return XCTFail("\(report.unmerged)") }
        XCTAssertEqual(mode & S_IFMT, S_IFLNK)
        XCTAssertEqual(try conflictCopies(), [damaged, link].map(\.lastPathComponent))
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.fileURL.path))
        XCTAssertEqual(try library.check().count, 2)
        XCTAssertFalse(try library.check().contains(where: \.isStrayFile))

        // One that holds the photo takes the place of its missing file.
        try FileManager.default.moveItem(at: photo.fileURL, to: same)
        XCTAssertEqual(try resolve().rewritten, [name])
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo.fileURL.path))
    }

    func testConflictCopiesAreToldByTheirNames() {
        let sha = String(repeating: "ab", count: 32)
        XCTAssertEqual(SidecarConflict.baseName(of: "\(sha).jpg.sync-conflict-20261201-120000-ABCDEFG.xmp"), "\(sha).jpg.xmp")
        XCTAssertEqual(SidecarConflict.baseName(of: "\(sha).sync-conflict-20261201-120000-7ZZZZZ2.heic"), "\(sha).heic")
        XCTAssertEqual(SidecarConflict.baseName(of: "notes.sync-conflict-20261201-120000-ABCDEFG"), "notes")
        for name in ["\(sha).jpg.xmp", "\(sha).jpg.sync-conflict-2026121-120000-ABCDEFG.xmp", "\(sha).jpg.sync-conflict-20261201-120000-abcdefg.xmp",
                     "\(sha).jpg.sync-conflict-20261201-120000-ABCDEF.xmp", ".sync-conflict-20261201-120000-ABCDEFG.xmp",
                     "\(sha).sync-conflict-20261201-120000-ABCDEFG.jpg.xmp"] {
            XCTAssertFalse(SidecarConflict.isConflictCopy(name), name)
        }
    }
}
