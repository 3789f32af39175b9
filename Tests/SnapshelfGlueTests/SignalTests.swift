// Signal handlers connected through the glue get the signal's arguments as Swift values, give
// their answers back to GTK, and stop with their connection.
import CGtk
@testable import SnapshelfGlue
import XCTest

final class SignalTests: WidgetTestCase {
    func testAClickHandlerRunsOnEachClickUntilDisconnected() {
        MainActor.assumeIsolated {
            let button = Button(label: "Import")
            var clicks = 0
            let connection = button.onClicked { clicks += 1 }
            SignalEmitter.emit("clicked", on: button)
            SignalEmitter.emit("clicked", on: button)
            XCTAssertEqual(clicks, 2)
            connection.disconnect()
            SignalEmitter.emit("clicked", on: button)
            XCTAssertEqual(clicks, 2, "a disconnected handler must not run")
        }
    }

    func testAPressGetsItsCountAndPoint() {
        MainActor.assumeIsolated {
            let gesture = GestureClick(button: .secondary)
            var presses: [(count: Int, x: Double, y: Double)] = []
            gesture.onPressed { presses.append(($0, $1, $2)) }
            SignalEmitter.emit("pressed", on: gesture, [.int(2), .double(12.5), .double(-3.25)])
            XCTAssertEqual(presses.count, 1)
            XCTAssertEqual(presses.first?.count, 2)
            XCTAssertEqual(presses.first?.x, 12.5)
            XCTAssertEqual(presses.first?.y, -3.25)
        }
    }

    func testAScrollHandlersAnswerReachesGTK() {
        MainActor.assumeIsolated {
            let scroll = ScrollController(.vertical)
            var deltas: [Double] = []
            scroll.onScroll { _, dy in
                deltas.append(dy)
                return dy > 0
            }
            XCTAssertTrue(SignalEmitter.ask("scroll", on: scroll, [.double(0), .double(1.5)]))
            XCTAssertFalse(SignalEmitter.ask("scroll", on: scroll, [.double(0), .double(-1)]))
            XCTAssertEqual(deltas, [1.5, -1])
        }
    }

    func testAGridsActivationGivesThePosition() {
        MainActor.assumeIsolated {
            let keys: [Int64] = [10, 20, 30]
            let grid = GridView(model: MultiSelection(model: ListModel(count: { keys.count }, key: { keys[$0] })),
                                factory: SignalListItemFactory())
            var activated: [Int] = []
            let connection = grid.onActivate { activated.append($0) }
            SignalEmitter.emit("activate", on: grid, [.unsigned(2)])
            connection.disconnect()
            SignalEmitter.emit("activate", on: grid, [.unsigned(1)])
            XCTAssertEqual(activated, [2])
        }
    }
}
