// The sentence a background import ends with: how many photos it added, and each other kind of
// result only when there was one, finished or cancelled.
import Foundation
@testable import SnapshelfModel
import XCTest

final class ImportSummaryTests: XCTestCase {
    private let photo = Photo(id: 1, label: "", fileURL: URL(fileURLWithPath: "/library/photos/1.jpg"),
                              originalName: "1.jpg", added: Date(), width: 4, height: 3)
    private var failure: Result<ImportOutcome, ImportError> {
        .failure(ImportError(path: "/photos/broken.jpg", reason: .file(.empty)))
    }

    private func summary(_ results: [Result<ImportOutcome, ImportError>]) -> ImportSummary {
        var summary = ImportSummary()
        results.forEach { summary.count($0) }
        return summary
    }

    func testAFinishedImportSaysHowManyPhotosItAdded() {
        XCTAssertEqual(ImportSummary().sentence(total: 0, cancelled: false), "No photo was imported.")
        XCTAssertEqual(summary([.success(.added(photo))]).sentence(total: 1, cancelled: false), "Imported 1 photo.")
        let three = summary(Array(repeating: .success(.added(photo)), count: 3))
        XCTAssertEqual(three.sentence(total: 3, cancelled: false), "Imported 3 photos.")
        XCTAssertEqual(three.handled, 3)
    }

    func testEachOtherKindOfResultIsCountedInASentenceOfItsOwn() {
        let mixed = summary([.success(.added(photo)), .success(.duplicate(of: photo)), .success(.restored(photo)),
                             .success(.restored(photo)), failure, .success(.added(photo))])
        XCTAssertEqual([mixed.added, mixed.duplicates, mixed.restored, mixed.failed, mixed.handled], [2, 1, 2, 1, 6])
        XCTAssertEqual(mixed.sentence(total: 6, cancelled: false),
                       "Imported 2 photos. 1 could not be imported. 1 was already in the library. "
                       + "2 were in the library with missing or damaged copies, now mended.")
        let duplicates = summary([.success(.duplicate(of: photo)), .success(.duplicate(of: photo)), .success(.restored(photo))])
        XCTAssertEqual(duplicates.sentence(total: 3, cancelled: false),
                       "No photo was imported. 2 were already in the library. "
                       + "1 was in the library with a missing or damaged copy, now mended.")
    }

    func testACancelledImportSaysHowFarItGotAndThatWhatItAddedIsKept() {
        let cut = summary([.success(.added(photo)), failure, .success(.added(photo))])
        XCTAssertEqual(cut.sentence(total: 10, cancelled: true),
                       "Import cancelled after 2 of 9 photos; the 2 photos imported are kept. 1 could not be imported.")
        XCTAssertEqual(ImportSummary().sentence(total: 4, cancelled: true),
                       "Import cancelled after 0 of 4 photos; none was imported.")
    }

    func testKeptTitlesAreToldAndAddUp() {
        let adding = summary([.success(.added(photo))])
        var keeping = ImportSummary()
        keeping.count(BatchImport.Progress(completed: 1, total: 1, file: photo.fileURL, result: .success(.added(photo)),
                                           notes: [], keptOwnTitle: true))
        XCTAssertEqual((adding + keeping).handled, 2)
        XCTAssertEqual((adding + keeping).sentence(total: 2, cancelled: false),
                       "Imported 2 photos. 1 kept the title it came with instead of the label chosen for the rest.")
    }

    func testTheDialogsSavesAndTheBackgroundImportAddUp() {
        let dialog = summary([.success(.added(photo)), .success(.duplicate(of: photo))])
        let rest = summary([.success(.added(photo)), failure])
        let whole = dialog + rest
        XCTAssertEqual(whole.handled, 4)
        XCTAssertEqual(whole.sentence(total: 4, cancelled: false),
                       "Imported 2 photos. 1 could not be imported. 1 was already in the library.")
    }
}
