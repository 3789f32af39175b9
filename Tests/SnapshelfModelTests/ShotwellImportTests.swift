// Importing a library Shotwell made: its titles, orientations and dates, what is not imported,
// and a second run. The sidecars' titles are read back with exiftool.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class ShotwellImportTests: ShotwellTestCase {
    func testShotwellTitlesBecomeLabelsAndAnEmptyTitleFallsBackToTheFilesOwn() throws {
        let titled = SamplePhotos.cameras[0]
        let ownTitle = try ExifTool.copy(of: SamplePhotos.cameras[1], named: "own.jpg", in: folder.url, title: "Title in the file")
        let untitled = SamplePhotos.cameras[2]
        let blank = SamplePhotos.cameras[3]
        try shotwell.addPhoto(titled, title: "Dawn at the lake")
        try shotwell.addPhoto(ownTitle, title: "")
        try shotwell.addPhoto(untitled, title: nil)
        try shotwell.addPhoto(blank, title: "   ")

        let (_, progress, summary) = try importShotwell()

        XCTAssertEqual(progress.count, 4)
        XCTAssertEqual(summary.imports.added, 4)
        XCTAssertEqual(try photo(from: titled).label, "Dawn at the lake")
        XCTAssertEqual(try photo(from: ownTitle).label, "Title in the file")
        XCTAssertEqual(try photo(from: untitled).label, "")
        XCTAssertEqual(try photo(from: blank).label, "")
        let sidecar = URL(fileURLWithPath: try photo(from: titled).fileURL.path + ".xmp")
        XCTAssertEqual(try ExifTool.title(of: sidecar), "Dawn at the lake")
    }

    func testATitleThatIsNoUTF8KeepsWhatItCanWithANote() throws {
        let file = SamplePhotos.cameras[0]
        let id = try shotwell.addPhoto(file)
        try shotwell.execute("UPDATE PhotoTable SET title = ? WHERE id = ?", [.bytes(Array("Caf".utf8) + [0xE9, 0x20] + Array("au lac".utf8)), .integer(id)])

        let (_, progress, _) = try importShotwell()

        XCTAssertEqual(try photo(from: file).label, "Caf\u{FFFD} au lac")
        XCTAssertEqual(progress.first?.notes, [.titleChanged(FileName(url: file), source: .shotwell, [.notUTF8(sequences: 1)])])
    }

    func testShotwellsOrientationBecomesTheRotationOnTopOfTheFilesOwn() throws {
        // Shotwell shows a file's pixels turned by `orientation`; Snapshelf by the file's own, then its rotation.
        let cases: [(file: Int, shotwell: Int, rotation: Int, mirrorDropped: Bool)] = [
            (1, 1, 0, false), (1, 6, 90, false), (1, 3, 180, false), (1, 8, 270, false),
            (6, 6, 0, false), (6, 3, 90, false), (8, 1, 90, false), (3, 8, 90, false),
            (2, 2, 0, false), (2, 5, 270, false), (5, 7, 180, false),
            (1, 2, 0, true), (4, 1, 180, true), (7, 6, 0, true),
        ]
        var (files, descriptions) = ([URL](), [String]())
        for (index, entry) in cases.enumerated() {
            let file = try copy(SamplePhotos.landscape(orientation: entry.file), as: "case\(index).jpg")
            descriptions += (index == 0 ? [] : ["-execute"]) + ["-q", "-overwrite_original", "-XMP-dc:Description=case \(index)", file.path]
            files.append(file)
        }
        // A description each, in one exiftool, so that two cases of one sample are two photos.
        try ExifTool.run(descriptions)
        for (entry, file) in zip(cases, files) {
            try shotwell.addPhoto(file, fileOrientation: entry.file, orientation: entry.shotwell)
        }

        let (_, progress, summary) = try importShotwell()

        for (entry, file) in zip(cases, files) {
            XCTAssertEqual(try photo(from: file).rotation, entry.rotation, "file \(entry.file), Shotwell \(entry.shotwell)")
            let notes = progress.first { $0.file == file }?.notes ?? []
            XCTAssertEqual(notes.contains(.shotwellMirrorDropped(FileName(url: file))), entry.mirrorDropped,
                           "file \(entry.file), Shotwell \(entry.shotwell)")
        }
        XCTAssertEqual(summary.mirrorsDropped, 3)
    }

    func testAnOrientationOutsideEXIFsLeavesThePhotoAsItsFileShowsIt() throws {
        let file = SamplePhotos.landscape(orientation: 6)
        let id = try shotwell.addPhoto(file, fileOrientation: 6)
        try shotwell.execute("UPDATE PhotoTable SET orientation = 9 WHERE id = ?", [.integer(id)])

        try importShotwell()

        XCTAssertEqual(try photo(from: file).rotation, 0)
    }

    func testTheExposureTimeIsTheDateTakenOnlyWhenTheFileHasNone() throws {
        let undated = SamplePhotos.landscape(orientation: 1)
        let dated = SamplePhotos.cameras[0]
        try shotwell.addPhoto(undated, exposureTime: 1_500_000_000)
        try shotwell.addPhoto(dated, exposureTime: 1_500_000_000)

        try importShotwell()

        XCTAssertEqual(try photo(from: undated).taken.instant, Date(timeIntervalSince1970: 1_500_000_000))
        // Canon_40D.jpg's own DateTimeOriginal, 2008-05-30 15:56:01, as its clock.
        XCTAssertEqual(try photo(from: dated).taken.clock, Date(timeIntervalSince1970: 1_212_162_961))
    }

    func testAnUnknownExposureTimeLeavesTheFilesTime() throws {
        let undated = try copy(SamplePhotos.landscape(orientation: 1), as: "undated.jpg")
        let modified = Date(timeIntervalSince1970: 1_400_000_000)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: undated.path)
        try shotwell.addPhoto(undated, exposureTime: 0)

        try importShotwell()

        XCTAssertEqual(try photo(from: undated).taken.instant, modified)
    }

    func testMissingFilesAreNamedAndVideosCountedButNeitherImported() throws {
        let gone = try copy(SamplePhotos.cameras[0], as: "gone.jpg")
        let clip = folder.file(named: "clip.mp4", containing: Data(repeating: 0, count: 100))
        try shotwell.addPhoto(gone, title: "Gone")
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Here")
        try shotwell.addPhoto(clip)
        try shotwell.addVideo(folder.url.appendingPathComponent("movie.mov"))
        try shotwell.addVideo(folder.url.appendingPathComponent("other.mp4"))
        try FileManager.default.removeItem(at: gone)

        let (library, _, summary) = try importShotwell()

        XCTAssertEqual(library.photos.map(\.file), [FileName(url: SamplePhotos.cameras[1])])
        XCTAssertEqual(summary.missing, [FileName(url: gone)])
        XCTAssertEqual(summary.videos, 3)
        XCTAssertEqual(summary.imports.added, 1)
        XCTAssertEqual(try Library(directory: directory).photoCount(), 1)
    }

    func testASecondRunImportsNothingNew() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "One")
        try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Two")
        let first = try importShotwell().summary
        XCTAssertEqual(first.imports.added, 2)
        XCTAssertFalse(first.nothingNew)

        let second = try importShotwell().summary

        XCTAssertEqual(second.imports.added, 0)
        XCTAssertEqual(second.imports.duplicates, 2)
        XCTAssertTrue(second.nothingNew)
        XCTAssertEqual(try Library(directory: directory).photoCount(), 2)
    }

    func testPhotosInShotwellsTrashAreSkippedAndHiddenOnesImported() throws {
        try shotwell.addPhoto(SamplePhotos.cameras[0], title: "Kept")
        let trashed = try shotwell.addPhoto(SamplePhotos.cameras[1], title: "Deleted in Shotwell")
        let hidden = try shotwell.addPhoto(SamplePhotos.cameras[2], title: "Hidden in Shotwell")
        // Shotwell 0.30's LibraryPhoto: FLAG_HIDDEN 0x1, FLAG_FAVORITE 0x2, FLAG_TRASH 0x4.
        try shotwell.execute("UPDATE PhotoTable SET flags = 6 WHERE id = ?", [.integer(trashed)])
        try shotwell.execute("UPDATE PhotoTable SET flags = 1 WHERE id = ?", [.integer(hidden)])

        let (library, _, summary) = try importShotwell()

        XCTAssertEqual(library.photos.map(\.file), [FileName(url: SamplePhotos.cameras[0]), FileName(url: SamplePhotos.cameras[2])])
        XCTAssertEqual(try Library(directory: directory).photos().map(\.label).sorted(), ["Hidden in Shotwell", "Kept"])
        XCTAssertEqual(summary.trashed, 1)
        XCTAssertEqual(summary.total, 2)
    }

    func testAPhotoAlreadyInTheLibraryGetsShotwellsTitleAndTurnOnlyWhereItHasNone() throws {
        // Four copies of one picture, told apart by a description, each imported earlier without a label.
        let files = try (0..<4).map { try copy(SamplePhotos.landscape(orientation: 1), as: "earlier\($0).jpg") }
        try ExifTool.run(files.enumerated().flatMap { index, file in
            (index == 0 ? [] : ["-execute"]) + ["-q", "-overwrite_original", "-XMP-dc:Description=copy \(index)", file.path]
        })
        try BatchImport(thumbnails: nil).run(files, label: nil, libraryDirectory: directory) { _ in }
        let earlier = try Library(directory: directory)
        let ids = try files.map { try photo(from: $0).id }
        try earlier.relabel(photoWithID: ids[1], as: Label("Given in Snapshelf"))
        _ = try earlier.rotate(photosWithIDs: [ids[2]], by: 180)
        try shotwell.addPhoto(files[0], title: "Dawn", orientation: 6)
        try shotwell.addPhoto(files[1], title: "Shotwell's", orientation: 6)
        try shotwell.addPhoto(files[2], title: "Lake", orientation: 6)
        try shotwell.addPhoto(files[3], title: nil, orientation: 1)

        let (_, progress, summary) = try importShotwell()

        let photos = try files.map { try photo(from: $0) }
        XCTAssertEqual(photos.map(\.label), ["Dawn", "Given in Snapshelf", "Lake", ""])
        XCTAssertEqual(photos.map(\.rotation), [90, 90, 180, 0])
        XCTAssertEqual(summary.imports.duplicates, 4)
        XCTAssertEqual(summary.completed, 3)
        XCTAssertFalse(summary.nothingNew)
        // What changed, for the window's undo.
        XCTAssertEqual(progress.map { $0.update?.label?.count ?? 0 }, [1, 0, 1, 0])
        XCTAssertEqual(progress.map { $0.update?.rotation?.degrees ?? 0 }, [90, 90, 0, 0])
        // Through the library's relabel and rotate, so the sidecar says so, as exiftool reads it.
        let sidecar = URL(fileURLWithPath: photos[0].fileURL.path + ".xmp")
        XCTAssertEqual(try ExifTool.title(of: sidecar), "Dawn")
        XCTAssertEqual(try ExifTool.value("XMP-snapshelf:Rotation", of: sidecar), "90")

        let again = try importShotwell().summary

        XCTAssertTrue(again.nothingNew)
        XCTAssertEqual(again.completed, 0)
        XCTAssertEqual(try files.map { try photo(from: $0).rotation }, [90, 90, 180, 0])
    }
}
