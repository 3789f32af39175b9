// The undo history behind Ctrl+Z and Ctrl+Shift+Z: many steps deep, each undone and redone in
// turn, and every step it lets go of handed back to be made final, without a window.
import Foundation
import SnapshelfModel
import SnapshelfTestSupport
import XCTest

final class UndoHistoryTests: LibraryTestCase {
    /// A step on a real library: a quarter turn of photos, which reverses into the turn back.
    private enum Turn {
        case done(RotationUndo)
        case undone(ids: [Int64], degrees: Int)
    }

    private func reverse(_ turn: Turn, in library: Library) throws -> Turn {
        switch turn {
        case .done(let undo):
            try library.undo(undo)
            return .undone(ids: Array(undo.rotations.keys), degrees: undo.degrees)
        case .undone(let ids, let degrees):
            return .done(try library.rotate(photosWithIDs: ids, by: degrees))
        }
    }

    func testTwoTurnsAreUndoneOneByOneAndRedone() throws {
        let library = try Library(directory: directory)
        guard case .added(let photo) = try library.add(try candidate(SamplePhotos.cameras[0]), label: try Label("Lake")) else {
            return XCTFail("the photo was not added")
        }
        var history = UndoHistory<Turn>()
        let rotation = { try XCTUnwrap(try library.photo(withID: photo.id)).rotation }
        for _ in 0..<2 {
            XCTAssertTrue(history.record(.done(try library.rotate(photosWithIDs: [photo.id], by: 90))).isEmpty)
        }
        XCTAssertEqual(try rotation(), 180)
        for expected in [90, 0] {
            let step = try XCTUnwrap(history.nextUndo)
            history.undid(try reverse(step, in: library))
            XCTAssertEqual(try rotation(), expected)
        }
        XCTAssertNil(history.nextUndo, "two steps undone leave nothing to undo")
        let step = try XCTUnwrap(history.nextRedo)
        history.redid(try reverse(step, in: library))
        XCTAssertEqual(try rotation(), 90)
        XCTAssertNotNil(history.nextRedo, "the second turn can be redone too")
    }

    func testItHoldsItsDepthAndHandsBackWhatItLetsGo() {
        var history = UndoHistory<Int>(depth: 20)
        XCTAssertEqual((1...20).flatMap { history.record($0) }, [], "twenty steps fit")
        XCTAssertEqual(history.record(21), [1], "the oldest falls off the bottom")
        XCTAssertEqual(history.undoable, Array(2...21))

        history.undid(-21)
        history.undid(-20)
        XCTAssertEqual(history.nextRedo, -20)
        XCTAssertEqual(history.record(22), [-20, -21], "a new step ends the redo of the steps undone")
        XCTAssertNil(history.nextRedo)

        history.undid(-22)
        XCTAssertEqual(history.removeAll(), [-22] + Array(2...19), "everything, undone steps first")
        XCTAssertNil(history.nextUndo)
        XCTAssertNil(history.nextRedo)
    }

    func testUndoAndRedoWithNothingThereChangeNothing() {
        var history = UndoHistory<Int>()
        history.undid(1)
        history.redid(2)
        XCTAssertEqual(history.undoable, [])
        XCTAssertEqual(history.redoable, [])
        XCTAssertGreaterThanOrEqual(history.depth, 20)
    }
}
